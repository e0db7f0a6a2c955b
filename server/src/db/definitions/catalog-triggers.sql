-- The triggers that keep the catalog's counters (decision 027). Code, not history: this file says what they are
-- now, and `migrate()` applies it after the versioned migrations whenever its text changes. Applying it drops
-- whatever catalog triggers the database had (a database migrated before this file had the same ones, declared by
-- migrations 0004, 0009, 0012 and renamed by 0013), declares these, and counts the counters afresh.
--
-- What they keep, all in the same transaction as the change to `products`:
-- - `catalog_state.version`: moved by every statement that changed a listing. The API caches list answers under
--   it and reads it on every request, so a cached answer is never served after a write committed, whichever
--   instance wrote it (decision 008).
-- - `catalog_state.visible_count`: the publicly visible listings (product.md §9's page count needs the exact
--   total).
-- - `catalog_state.shape_version`: moved only when a change can alter which listings a public list holds, in what
--   order, or what they are counted under: an insert, a delete, or an update of a column other than the flags a
--   sale or a report sets (`sold`, `advertised`, `reported`). Search matches, pages' ids and facet counts are kept
--   under it, so a sale does not throw every search away.
-- - `catalog_facets`: visible listings per category, condition, verified flag and price (`resale_price_cents`, -1
--   for a price that could not be read), so a filtered list is counted by summing a few thousand rows (0009).
--
-- "Publicly visible" is `NOT hidden AND seller_id IS NOT NULL`, as `publiclyVisible()` in
-- repositories/visibility.ts; services/catalog/visible-count.test.ts fails when the two disagree. Every way a
-- listing changes goes through `products` (a deleted seller's listings lose seller_id through the foreign key's SET
-- NULL, which fires these triggers too), so no route has to remember to move anything.
--
-- Statement-level triggers with transition tables: a bulk insert of a million rows moves each counter once. Each
-- function serves every kind of statement; a branch's query is planned only when reached, so a trigger never reads
-- a transition table it does not have (`new_rows` for an insert, `old_rows` for a delete, both for an update).

-- No write may slip in between dropping the old triggers, counting below and the new triggers taking over.
LOCK TABLE products IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
DO $$
DECLARE
  old_trigger text;
BEGIN
  FOR old_trigger IN
    SELECT tgname FROM pg_trigger
    WHERE tgrelid = 'products'::regclass AND NOT tgisinternal AND tgname LIKE 'catalog\_%'
  LOOP
    EXECUTE format('DROP TRIGGER %I ON products', old_trigger);
  END LOOP;
END
$$;
--> statement-breakpoint
-- The functions of migrations 0004, 0009 and 0012, which a database migrated before this file still has.
DROP FUNCTION IF EXISTS catalog_after_insert(), catalog_after_update(), catalog_after_delete(),
  catalog_after_truncate(), catalog_facets_after_insert(), catalog_facets_after_update(),
  catalog_facets_after_delete(), catalog_facets_after_truncate();
--> statement-breakpoint
-- A statement that changed no row (an UPDATE matching nothing) leaves the version, and its row lock, alone.
CREATE OR REPLACE FUNCTION catalog_version_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE catalog_state SET version = version + 1,
      visible_count = visible_count + (SELECT count(*) FROM new_rows WHERE NOT hidden AND seller_id IS NOT NULL)
    WHERE EXISTS (SELECT 1 FROM new_rows);
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE catalog_state SET version = version + 1,
      visible_count = visible_count
        + (SELECT count(*) FROM new_rows WHERE NOT hidden AND seller_id IS NOT NULL)
        - (SELECT count(*) FROM old_rows WHERE NOT hidden AND seller_id IS NOT NULL)
    WHERE EXISTS (SELECT 1 FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE catalog_state SET version = version + 1,
      visible_count = visible_count - (SELECT count(*) FROM old_rows WHERE NOT hidden AND seller_id IS NOT NULL)
    WHERE EXISTS (SELECT 1 FROM old_rows);
  ELSE
    UPDATE catalog_state SET version = version + 1, visible_count = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_shape_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved boolean;
BEGIN
  -- An update moves the shape only when rows differ beyond the three flags (compared whole, so a column added
  -- later counts as shape without a change here); an insert or a delete when it changed rows; a truncate always.
  IF TG_OP = 'UPDATE' THEN
    moved := EXISTS (
      SELECT to_jsonb(a) - '{sold,advertised,reported}'::text[] FROM new_rows a
      EXCEPT
      SELECT to_jsonb(b) - '{sold,advertised,reported}'::text[] FROM old_rows b
    );
  ELSIF TG_OP = 'INSERT' THEN
    moved := EXISTS (SELECT 1 FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    moved := EXISTS (SELECT 1 FROM old_rows);
  ELSE
    moved := true;
  END IF;
  UPDATE catalog_state SET shape_version = shape_version + 1 WHERE moved;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_facets_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Adds the visible rows a statement gained and takes away those it lost, grouped, in one statement. An update
  -- that moves no listing between rows of this table (marking one sold or advertised) writes nothing here.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO catalog_facets AS f
      SELECT category_id, condition, seller_verified, coalesce(resale_price_cents, -1), count(*)
      FROM new_rows WHERE NOT hidden AND seller_id IS NOT NULL GROUP BY 1, 2, 3, 4
    ON CONFLICT (category_id, condition, seller_verified, resale_price_cents)
      DO UPDATE SET listings = f.listings + excluded.listings;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO catalog_facets AS f
      SELECT category_id, condition, seller_verified, price, sum(change) FROM (
        SELECT category_id, condition, seller_verified, coalesce(resale_price_cents, -1) AS price, 1 AS change
          FROM new_rows WHERE NOT hidden AND seller_id IS NOT NULL
        UNION ALL
        SELECT category_id, condition, seller_verified, coalesce(resale_price_cents, -1), -1
          FROM old_rows WHERE NOT hidden AND seller_id IS NOT NULL
      ) AS changes
      GROUP BY 1, 2, 3, 4 HAVING sum(change) <> 0
    ON CONFLICT (category_id, condition, seller_verified, resale_price_cents)
      DO UPDATE SET listings = f.listings + excluded.listings;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE catalog_facets AS f SET listings = f.listings - gone.listings
    FROM (
      SELECT category_id, condition, seller_verified, coalesce(resale_price_cents, -1) AS price, count(*) AS listings
      FROM old_rows WHERE NOT hidden AND seller_id IS NOT NULL GROUP BY 1, 2, 3, 4
    ) AS gone
    WHERE f.category_id = gone.category_id AND f.condition = gone.condition
      AND f.seller_verified = gone.seller_verified AND f.resale_price_cents = gone.price;
  ELSE
    DELETE FROM catalog_facets;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Four triggers per counter, one per kind of statement. PostgreSQL fires one event's triggers in the order of their
-- names: facets, then shape, then version. The version's triggers fire last on purpose: they update the single
-- catalog_state row and hold its lock until the transaction commits, so taken last, every catalog write (dozens of
-- sales a second on a busy day) queues on it for the shortest time.
DO $$
DECLARE
  counter text;
BEGIN
  FOREACH counter IN ARRAY ARRAY['facets', 'shape', 'version'] LOOP
    EXECUTE format('CREATE TRIGGER catalog_%1$s_after_insert AFTER INSERT ON products '
      'REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_%1$s_changed()', counter);
    EXECUTE format('CREATE TRIGGER catalog_%1$s_after_update AFTER UPDATE ON products '
      'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION catalog_%1$s_changed()', counter);
    EXECUTE format('CREATE TRIGGER catalog_%1$s_after_delete AFTER DELETE ON products '
      'REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_%1$s_changed()', counter);
    EXECUTE format('CREATE TRIGGER catalog_%1$s_after_truncate AFTER TRUNCATE ON products '
      'FOR EACH STATEMENT EXECUTE FUNCTION catalog_%1$s_changed()', counter);
  END LOOP;
END
$$;
--> statement-breakpoint
-- Counted afresh: whatever happened while no trigger kept them, the counters match the rows from here on.
UPDATE catalog_state SET version = version + 1, shape_version = shape_version + 1,
  visible_count = (SELECT count(*) FROM products WHERE NOT hidden AND seller_id IS NOT NULL);
--> statement-breakpoint
DELETE FROM catalog_facets;
--> statement-breakpoint
INSERT INTO catalog_facets
  SELECT category_id, condition, seller_verified, coalesce(resale_price_cents, -1), count(*)
  FROM products WHERE NOT hidden AND seller_id IS NOT NULL GROUP BY 1, 2, 3, 4;
