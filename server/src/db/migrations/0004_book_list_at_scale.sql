-- The book list at scale (issue 14). The database keeps, in one row, the number of publicly visible listings
-- (SPEC 9's page count needs the exact total) and a version that every change to `products` bumps in the same
-- transaction. The API caches list answers under that version and reads it on every request, so a cached
-- answer is never served after a write has committed, whichever instance wrote it.
--
-- "Publicly visible" is `NOT hidden AND seller_id IS NOT NULL`, as `publiclyVisible()` in routes/visibility.ts.
-- Every way a listing changes goes through `products` (a deleted seller's listings lose seller_id through the
-- foreign key's SET NULL, which fires these triggers too), so no route has to remember to bump anything.

-- No write may slip in between counting the rows below and the triggers taking over.
LOCK TABLE products IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TABLE catalog_state (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  version bigint NOT NULL,
  visible_count bigint NOT NULL CHECK (visible_count >= 0)
);
--> statement-breakpoint
INSERT INTO catalog_state (version, visible_count)
  SELECT 1, count(*) FROM products WHERE NOT hidden AND seller_id IS NOT NULL;
--> statement-breakpoint
-- Statement-level triggers with transition tables: a bulk insert of a million rows updates the row once.
-- A statement that changed no row (an UPDATE matching nothing) leaves the version, and its lock, alone.
CREATE FUNCTION catalog_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM inserted) THEN
    UPDATE catalog_state SET version = version + 1,
      visible_count = visible_count + (SELECT count(*) FROM inserted WHERE NOT hidden AND seller_id IS NOT NULL);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION catalog_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM after_update) THEN
    UPDATE catalog_state SET version = version + 1,
      visible_count = visible_count
        + (SELECT count(*) FROM after_update WHERE NOT hidden AND seller_id IS NOT NULL)
        - (SELECT count(*) FROM before_update WHERE NOT hidden AND seller_id IS NOT NULL);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION catalog_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM deleted) THEN
    UPDATE catalog_state SET version = version + 1,
      visible_count = visible_count - (SELECT count(*) FROM deleted WHERE NOT hidden AND seller_id IS NOT NULL);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION catalog_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_state SET version = version + 1, visible_count = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER catalog_after_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION catalog_after_insert();
--> statement-breakpoint
CREATE TRIGGER catalog_after_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS before_update NEW TABLE AS after_update
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_after_update();
--> statement-breakpoint
CREATE TRIGGER catalog_after_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION catalog_after_delete();
--> statement-breakpoint
CREATE TRIGGER catalog_after_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_after_truncate();
