-- A rollback from the admin Releases screen is audited ('rollback-release', its target a remote's release), as
-- AUDIT_ACTIONS and AUDIT_TARGET_TYPES in shared/src/schemas/audit.ts list them.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
--> statement-breakpoint
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('verify', 'delete-user', 'hide', 'dismiss', 'delete-product', 'edit-product', 'rollback-release'));
--> statement-breakpoint
ALTER TABLE audit_log DROP CONSTRAINT audit_log_target_type_check;
--> statement-breakpoint
ALTER TABLE audit_log ADD CONSTRAINT audit_log_target_type_check
  CHECK (target_type IN ('user', 'product', 'report', 'release'));
