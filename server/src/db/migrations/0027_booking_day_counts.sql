-- BOOKINGS_PER_DAY per buyer and calendar day (UTC), as a counter (decision 046, superseding 041's window of times):
-- a booking claims its place with INSERT ... ON CONFLICT DO UPDATE ... WHERE bookings < the limit in its own
-- statement, where PostgreSQL locks the row and checks its newest version, so bookings sent in parallel, to one
-- instance or several, cannot slip past the limit. A claim costs the same whatever the limit; the array of times it
-- replaces grew with the limit and was rewritten whole at every booking.
CREATE TABLE booking_day_counts (
  buyer_email text NOT NULL,
  day date NOT NULL,
  bookings integer NOT NULL CHECK (bookings > 0),
  PRIMARY KEY (buyer_email, day)
);
--> statement-breakpoint

-- Today's bookings made before this migration count as they did.
INSERT INTO booking_day_counts (buyer_email, day, bookings)
  SELECT buyer_email, (now() AT TIME ZONE 'UTC')::date, count(*)
  FROM bookings
  WHERE created_at >= (date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')
  GROUP BY buyer_email;
--> statement-breakpoint

DROP TABLE booking_quotas;
