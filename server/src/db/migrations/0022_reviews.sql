-- Reviews after hand-over (decision 034). A booking records when it was handed over: its two parties may review each
-- other for 14 days from then. Bookings handed over before this migration take their booking time, so their window
-- has most likely ended already.
ALTER TABLE bookings ADD COLUMN handed_over_at timestamptz;
--> statement-breakpoint
UPDATE bookings SET handed_over_at = created_at WHERE status = 'handed-over';
--> statement-breakpoint
-- The reminder looks for bookings handed over some days ago.
CREATE INDEX bookings_handed_over_idx ON bookings (handed_over_at) WHERE status = 'handed-over';
--> statement-breakpoint
-- One review per booking and party: the buyer's of the seller, the seller's of the buyer. Names are copied, so a
-- review reads the same once an account is gone. The text may be empty (the stars say enough).
CREATE TABLE reviews (
  id text PRIMARY KEY,
  booking_id text NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  author_party text NOT NULL CHECK (author_party IN ('buyer', 'seller')),
  author_id text REFERENCES users (id) ON DELETE SET NULL,
  author_name text NOT NULL,
  subject_id text REFERENCES users (id) ON DELETE SET NULL,
  stars integer NOT NULL CHECK (stars BETWEEN 1 AND 5),
  body text NOT NULL DEFAULT '' CHECK (char_length(body) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Set by an admin: a hidden review is shown to no one and leaves the averages.
  hidden_at timestamptz,
  UNIQUE (booking_id, author_party)
);
--> statement-breakpoint
-- A seller's page and rating: the buyers' reviews of them.
CREATE INDEX reviews_subject_idx ON reviews (subject_id, author_party, created_at DESC, id DESC);
--> statement-breakpoint
-- The daily quota counts one author's reviews of the last 24 hours.
CREATE INDEX reviews_author_idx ON reviews (author_id, created_at);
--> statement-breakpoint
CREATE INDEX reviews_newest_idx ON reviews (created_at DESC, id DESC);
--> statement-breakpoint
-- The one reminder a party gets when they have not reviewed a few days before the window ends: its row is the
-- mark that it was sent, written with the notice, so two instances never send it twice (decision 032).
CREATE TABLE review_reminders (
  booking_id text NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  party text NOT NULL CHECK (party IN ('buyer', 'seller')),
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (booking_id, party)
);
--> statement-breakpoint
-- Each party is invited to review at the hand-over and reminded once, as NOTIFICATION_KINDS in
-- shared/src/schemas/notification.ts lists them.
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
--> statement-breakpoint
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
  CHECK (kind IN ('new-booking', 'booking-cancelled', 'booking-declined', 'sold-to-another-buyer', 'payment-receipt',
    'listing-hidden', 'listing-deleted', 'booking-paid', 'handed-over', 'review-invite', 'review-reminder'));
--> statement-breakpoint
-- An admin hiding a review is audited ('hide', its target a review), as AUDIT_TARGET_TYPES in
-- shared/src/schemas/audit.ts lists them.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_target_type_check;
--> statement-breakpoint
ALTER TABLE audit_log ADD CONSTRAINT audit_log_target_type_check
  CHECK (target_type IN ('user', 'product', 'report', 'release', 'booking', 'review'));
