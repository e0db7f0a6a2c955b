-- When the buyer cancelled a booking: rebooking the same book waits a cool-down from then (services/booking-limits.ts).
ALTER TABLE bookings ADD COLUMN cancelled_at timestamptz;
