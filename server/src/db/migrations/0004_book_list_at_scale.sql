-- The book list at scale (decision 008). The database keeps, in one row, the number of publicly visible listings
-- (product.md §9's page count needs the exact total) and a version that every change to `products` bumps in the same
-- transaction. The API caches list answers under that version and reads it on every request, so a cached
-- answer is never served after a write has committed, whichever instance wrote it.
--
-- "Publicly visible" is `NOT hidden AND seller_id IS NOT NULL`, as `publiclyVisible()` in routes/visibility.ts.
-- Every way a listing changes goes through `products` (a deleted seller's listings lose seller_id through the
-- foreign key's SET NULL, which fires these triggers too), so no route has to remember to bump anything.
--
-- The triggers that keep `catalog_state` were declared here at first; they are now a definition, applied after
-- the migrations (db/definitions/catalog-triggers.sql, decision 027).

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
