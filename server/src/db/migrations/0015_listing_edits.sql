-- A seller's edit of their listing is audited ('edit-product'), as AUDIT_ACTIONS in
-- shared/src/schemas/audit.ts lists the actions.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
--> statement-breakpoint
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('verify', 'delete-user', 'hide', 'dismiss', 'delete-product', 'edit-product'));
