-- PostgreSQL fires a table's triggers of one event in the order of their names. 0004's triggers, which update the
-- single catalog_state row (and so hold its row lock until the transaction commits), fired first, before 0009's
-- facet counts and 0012's shape check: every sale held the lock that serialises all catalog writes while those ran.
-- Renamed to fire last, they take the lock as late as a statement can (the fault drill's payment records queued on
-- it). Nothing else changes: same functions, same events.
ALTER TRIGGER catalog_after_insert ON products RENAME TO catalog_version_after_insert;
--> statement-breakpoint
ALTER TRIGGER catalog_after_update ON products RENAME TO catalog_version_after_update;
--> statement-breakpoint
ALTER TRIGGER catalog_after_delete ON products RENAME TO catalog_version_after_delete;
--> statement-breakpoint
ALTER TRIGGER catalog_after_truncate ON products RENAME TO catalog_version_after_truncate;
