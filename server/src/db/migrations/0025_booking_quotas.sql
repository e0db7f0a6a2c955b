-- BOOKINGS_PER_DAY as one row per buyer (decision 041): when their latest bookings were made, oldest first. A new
-- booking claims its place on the row in the booking's own statement, where PostgreSQL locks the row and checks its
-- newest version, so bookings sent in parallel, to one instance or several, cannot slip past the limit.
CREATE TABLE booking_quotas (
  buyer_email text PRIMARY KEY,
  booked_at timestamptz[] NOT NULL
);
--> statement-breakpoint

-- The bookings made before this migration count as they did.
INSERT INTO booking_quotas (buyer_email, booked_at)
  SELECT buyer_email, array_agg(created_at ORDER BY created_at)
  FROM bookings
  WHERE created_at > now() - interval '24 hours'
  GROUP BY buyer_email;
