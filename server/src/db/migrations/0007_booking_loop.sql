-- The seller's side of a booking (decision 024). A booking now says where it stands, and carries whom the buyer meets
-- (the seller's name and the listing's phone, copied when the book is booked, as its name, image and price are).
-- `paid` stays: true from the payment on, as the wire has always said.
ALTER TABLE bookings
  ADD COLUMN status text NOT NULL DEFAULT 'waiting-for-payment'
    CHECK (status IN ('waiting-for-payment', 'paid', 'cancelled-by-buyer', 'declined', 'sold-to-another-buyer', 'handed-over')),
  ADD COLUMN seller_id text REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN seller_name text NOT NULL DEFAULT '',
  ADD COLUMN seller_phone text NOT NULL DEFAULT '';
--> statement-breakpoint

UPDATE bookings SET status = 'paid' WHERE paid;
--> statement-breakpoint

UPDATE bookings SET seller_id = p.seller_id, seller_name = p.seller_name, seller_phone = p.phone
  FROM products AS p WHERE p.id = bookings.product_id;
--> statement-breakpoint

-- One booking waiting for payment per buyer and book (a cancelled, declined or sold-elsewhere one may be followed by
-- a new one); until now "open" was "not paid", which is the same set of rows at this point.
DROP INDEX bookings_one_open_per_buyer_idx;
--> statement-breakpoint
CREATE UNIQUE INDEX bookings_one_open_per_buyer_idx ON bookings (product_id, buyer_email)
  WHERE status = 'waiting-for-payment';
--> statement-breakpoint

-- Booking Requests: a seller's bookings, newest first.
CREATE INDEX bookings_seller_idx ON bookings (seller_id, created_at DESC, id DESC);
--> statement-breakpoint

-- What a person is told, newest first; read once opened.
CREATE TABLE notifications (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('new-booking', 'booking-cancelled', 'booking-declined', 'sold-to-another-buyer',
    'payment-receipt', 'listing-hidden', 'listing-deleted')),
  title text NOT NULL,
  body text NOT NULL,
  link text NOT NULL,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC, id DESC);
--> statement-breakpoint

-- Emails written in the same transaction as the event they tell of, delivered by the mail worker over SMTP with
-- retries: a crash loses none, and `delivered_at` is set only once the SMTP server accepted the message.
CREATE TABLE mail_outbox (
  id text PRIMARY KEY,
  to_email text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  link text NOT NULL DEFAULT '',
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE delivered_at IS NULL;
