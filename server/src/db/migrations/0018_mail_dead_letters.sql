-- An email the SMTP server refused at every one of its tries is a dead letter (services/mail-delivery.ts): no
-- longer claimed, kept for an admin to see.
ALTER TABLE mail_outbox ADD COLUMN dead_at timestamptz;
--> statement-breakpoint
DROP INDEX mail_outbox_due_idx;
--> statement-breakpoint
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE delivered_at IS NULL AND dead_at IS NULL;
--> statement-breakpoint
CREATE INDEX mail_outbox_dead_idx ON mail_outbox (dead_at DESC) WHERE dead_at IS NOT NULL;
