-- Messages in a booking (decision 030): the booking's buyer and the book's seller write to each other in
-- the booking's thread, in plain text. A message keeps its author's name, so the thread reads the same once an
-- account is gone.
CREATE TABLE booking_messages (
  id text PRIMARY KEY,
  booking_id text NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  author_id text REFERENCES users (id) ON DELETE SET NULL,
  author_name text NOT NULL,
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX booking_messages_thread_idx ON booking_messages (booking_id, created_at, id);
--> statement-breakpoint
-- The daily quota counts one author's messages of the last 24 hours.
CREATE INDEX booking_messages_author_idx ON booking_messages (author_id, created_at);
--> statement-breakpoint
-- Each party's place in a thread: how many messages they have not read (the bell adds them up), and the email that
-- tells them of new ones, at most one every ten minutes (services/message-mail.ts).
CREATE TABLE booking_thread_readers (
  booking_id text NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  unread integer NOT NULL DEFAULT 0 CHECK (unread >= 0),
  read_at timestamptz,
  -- The outbox row of the email not yet sent, which later messages update instead of writing another.
  pending_mail_id text,
  -- When the last email was due: the next one is not due before ten minutes later.
  mailed_at timestamptz,
  PRIMARY KEY (booking_id, user_id)
);
--> statement-breakpoint
CREATE INDEX booking_thread_readers_unread_idx ON booking_thread_readers (user_id) WHERE unread > 0;
--> statement-breakpoint
-- A party's report of a message: once reported, an admin may read the thread (audited).
CREATE TABLE booking_message_reports (
  id text PRIMARY KEY,
  message_id text NOT NULL REFERENCES booking_messages (id) ON DELETE CASCADE,
  booking_id text NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  reporter_id text REFERENCES users (id) ON DELETE SET NULL,
  reporter_name text NOT NULL,
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (message_id, reporter_id)
);
--> statement-breakpoint
CREATE INDEX booking_message_reports_booking_idx ON booking_message_reports (booking_id);
--> statement-breakpoint
CREATE INDEX booking_message_reports_newest_idx ON booking_message_reports (created_at DESC, id DESC);
--> statement-breakpoint
-- An admin's reading of a reported thread is audited ('read-thread', its target a booking), as AUDIT_ACTIONS and
-- AUDIT_TARGET_TYPES in shared/src/schemas/audit.ts list them.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
--> statement-breakpoint
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('verify', 'delete-user', 'hide', 'dismiss', 'delete-product', 'edit-product', 'rollback-release', 'read-thread'));
--> statement-breakpoint
ALTER TABLE audit_log DROP CONSTRAINT audit_log_target_type_check;
--> statement-breakpoint
ALTER TABLE audit_log ADD CONSTRAINT audit_log_target_type_check
  CHECK (target_type IN ('user', 'product', 'report', 'release', 'booking'));
