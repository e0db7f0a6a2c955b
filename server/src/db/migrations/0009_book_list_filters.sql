-- Filters, sort and facet counts on the book list and the category page.
--
-- The plans behind it: EXPLAIN ANALYZE at 1,000,000 listings of server/bench/api-bench.ts's data (nine categories,
-- three conditions, 180 prices, 5 in 7 listings by a verified seller), PostgreSQL 15.
--
-- 1. `resale_price_cents`: the price is text on the wire and in `resale_price` ("12.50"), which neither compares nor
--    sorts as money. A stored generated column holds it in cents (NULL for text that is not a price, which no
--    listing created through the API has), so a price range and a price sort are integer comparisons.
--
-- 2. Two partial indexes over the publicly visible listings (as `publiclyVisible()`), one per price order, each
--    ending newest first like the default list: a page of the whole list by price reads its rows in index order
--    (0.2 ms for page 10) instead of sorting a million; a price sort with a common search word walks it too (1.3 ms).
--    One index read backwards would give the dearest books oldest first within a price. A price range reads either.
--
-- 3. No new index for a category, a condition or verified sellers, newest first: the newest-first index of 0001
--    finds a page of one category (0.4 ms for page 9), of a condition with a price range (0.2-0.3 ms) or of verified
--    sellers (0.2 ms for page 49) within a few thousand rows, since each keeps a ninth or more of the books; deeper
--    pages are bounded by the 10,000-books cap. An index per filter would cost every listing write for little.
--    A list of fewer than 1,000 matches, whose walk could read most of the index before finding them, is gathered
--    through the most selective index and sorted instead (services/catalog/public-lists.ts).
--
-- 4. `catalog_facets`: the counts. A filtered list's `count` and its facets (books per condition and per category
--    under the other filters) are sums over this table, kept by statement-level triggers like `catalog_state`
--    (0004): one row per category, condition, verified flag and price, so its size follows the distinct prices
--    listed, not the listings (9,720 rows for the million; a price range with verified sellers sums in about 1 ms,
--    where counting the listings themselves takes 150-210 ms). A list with a search word is counted over the word's
--    matches instead (trigram index; 20 ms for a common word at a million). Every count is exact, and each filter
--    combination's is cached under the catalog version (decision 008).
--
-- The triggers that keep `catalog_facets` were declared here at first; they are now a definition, applied after
-- the migrations (db/definitions/catalog-triggers.sql, decision 027).

LOCK TABLE products IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
ALTER TABLE products ADD COLUMN resale_price_cents integer GENERATED ALWAYS AS (
  CASE WHEN resale_price ~ '^\d{1,7}(\.\d{1,2})?$' THEN round(resale_price::numeric * 100)::integer END
) STORED;
--> statement-breakpoint
CREATE INDEX products_public_cheapest_idx ON products (resale_price_cents ASC NULLS LAST, listed_at DESC, id DESC)
  WHERE NOT hidden AND seller_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX products_public_dearest_idx ON products (resale_price_cents DESC NULLS LAST, listed_at DESC, id DESC)
  WHERE NOT hidden AND seller_id IS NOT NULL;
--> statement-breakpoint
-- `resale_price_cents` -1 stands for a price that could not be read: such a listing counts, but in no price range.
CREATE TABLE catalog_facets (
  category_id text NOT NULL,
  condition text NOT NULL,
  seller_verified boolean NOT NULL,
  resale_price_cents integer NOT NULL,
  listings bigint NOT NULL,
  PRIMARY KEY (category_id, condition, seller_verified, resale_price_cents)
);
--> statement-breakpoint
INSERT INTO catalog_facets
  SELECT category_id, condition, seller_verified, coalesce(resale_price_cents, -1), count(*)
  FROM products WHERE NOT hidden AND seller_id IS NOT NULL GROUP BY 1, 2, 3, 4;
