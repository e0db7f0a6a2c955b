-- Moderation limits: deleted listings keep their reports, and reports no longer follow their listing.
--
-- An admin's deletion of a listing is audited ('delete-product') and keeps the listing's reports, which then read
-- hidden: they are the record of why it went. A seller deleting their own listing removes its reports in the same
-- transaction (services/listings.ts), so reports no longer follow their listing through a foreign key, as bookings
-- never did. Nothing here changes what is publicly visible, so the triggers of migration 0004 stay as they are.
ALTER TABLE reports DROP CONSTRAINT reports_product_id_fkey;
--> statement-breakpoint
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
--> statement-breakpoint
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('verify', 'delete-user', 'hide', 'dismiss', 'delete-product'));
--> statement-breakpoint
-- One person's reports of the last 24 hours are counted at each new report (REPORTS_PER_DAY).
CREATE INDEX reports_by_reporter_idx ON reports (reporter_id, created_at);
