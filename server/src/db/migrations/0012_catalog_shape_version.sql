-- A second counter beside the catalog version (migration 0004): `shape_version` moves only when a change can alter
-- which listings a public list holds, in what order, or what they are counted under: an insert, a delete, or an
-- update of any column other than the flags a sale or a report sets (`sold`, `advertised`, `reported`). The API
-- keeps the ids of search matches, pages and facet counts under it, so a sale (dozens a second on a busy day) no
-- longer throws away every search: the pages' rows, which do show those flags, stay cached under `version`.
-- Triggers of their own beside 0004's, which stay as they are; one transaction changes both counters.
ALTER TABLE catalog_state ADD COLUMN shape_version bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
-- One function for every kind of statement: an update moves the shape only when rows differ beyond the three flags
-- (compared whole, so a column added later counts as shape without a change here); an insert or a delete when it
-- changed rows (its trigger names the transition table `changed`); a truncate always. Each branch's query is
-- planned only when reached, so a trigger never reads a transition table it does not have.
CREATE FUNCTION catalog_shape_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT to_jsonb(a) - '{sold,advertised,reported}'::text[] FROM after_update a
      EXCEPT
      SELECT to_jsonb(b) - '{sold,advertised,reported}'::text[] FROM before_update b
    ) THEN
      RETURN NULL;
    END IF;
  ELSIF TG_OP <> 'TRUNCATE' THEN
    IF NOT EXISTS (SELECT 1 FROM changed) THEN
      RETURN NULL;
    END IF;
  END IF;
  UPDATE catalog_state SET shape_version = shape_version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER catalog_shape_after_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalog_shape_changed();
--> statement-breakpoint
CREATE TRIGGER catalog_shape_after_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION catalog_shape_changed();
--> statement-breakpoint
CREATE TRIGGER catalog_shape_after_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS before_update NEW TABLE AS after_update
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_shape_changed();
--> statement-breakpoint
CREATE TRIGGER catalog_shape_after_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_shape_changed();
