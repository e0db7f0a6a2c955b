-- Moderation and payment safety: report status and dismissal, the email ban
-- of deleted accounts, the audit log, refunds, the sandbox's 3-D Secure step, and uniqueness the database
-- enforces instead of a read before the insert.

-- A report is open until the admin hides its product or dismisses it. `report` on the wire is status = hidden.
ALTER TABLE reports ADD COLUMN status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'hidden', 'dismissed'));
--> statement-breakpoint
UPDATE reports SET status = 'hidden' WHERE resolved;
--> statement-breakpoint
ALTER TABLE reports DROP COLUMN resolved;
--> statement-breakpoint
CREATE INDEX reports_open_by_product_idx ON reports (product_id) WHERE status = 'open';
--> statement-breakpoint
-- Deleting a user is a ban: the email never gets an access token nor a new record again.
CREATE TABLE banned_emails (
  email text PRIMARY KEY,
  banned_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- Every admin action, written in the same transaction as the action. Names are copied: the log outlives its targets.
CREATE TABLE audit_log (
  id text PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  action text NOT NULL CHECK (action IN ('verify', 'delete-user', 'hide', 'dismiss')),
  actor_id text NOT NULL,
  actor_email text NOT NULL,
  actor_name text NOT NULL,
  target_type text NOT NULL CHECK (target_type IN ('user', 'product', 'report')),
  target_id text NOT NULL,
  target_name text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX audit_log_newest_idx ON audit_log (at DESC, seq DESC);
--> statement-breakpoint
-- Money given back because a charged payment could not be recorded (the book was sold to someone else...).
CREATE TABLE refunds (
  id text PRIMARY KEY,
  transaction_id text NOT NULL UNIQUE,
  gateway_refund_id text NOT NULL,
  gateway_status text NOT NULL,
  booking_id text NOT NULL,
  product_id text NOT NULL,
  buyer_email text NOT NULL,
  amount_cents integer NOT NULL,
  currency text NOT NULL,
  reason text NOT NULL CHECK (reason IN ('sold-to-someone-else', 'no-longer-available', 'booking-already-paid')),
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- Stripe's 4000 0025 0000 3155 asks for 3-D Secure first; a refunded or cancelled intent is remembered.
ALTER TABLE sandbox_payment_intents DROP CONSTRAINT sandbox_payment_intents_status_check;
--> statement-breakpoint
ALTER TABLE sandbox_payment_intents ADD CONSTRAINT sandbox_payment_intents_status_check
  CHECK (status IN ('requires_payment_method', 'requires_action', 'succeeded', 'canceled'));
--> statement-breakpoint
ALTER TABLE sandbox_payment_intents ADD COLUMN amount_refunded integer NOT NULL DEFAULT 0;
--> statement-breakpoint
-- One open (unpaid) booking per buyer and book. Duplicates that slipped past the old read-before-insert
-- are removed first (the newer ones: nothing references an unpaid booking but a sandbox intent).
DELETE FROM bookings AS newer
  USING bookings AS older
  WHERE NOT newer.paid AND NOT older.paid
    AND newer.product_id = older.product_id
    AND newer.buyer_email = older.buyer_email
    AND (older.created_at, older.id) < (newer.created_at, newer.id);
--> statement-breakpoint
CREATE UNIQUE INDEX bookings_one_open_per_buyer_idx ON bookings (product_id, buyer_email) WHERE NOT paid;
