import { and, count, desc, eq, gte, inArray, like, lte, sql, sum, type AnyColumn, type SQL } from 'drizzle-orm';
import type { BookListRequest } from '@bookswap/shared/schemas';
import type { Database, Queryable } from '../db/database';
import { perDatabase } from '../db/per-database';
import { catalogFacets, catalogState, products, type ProductRow } from '../db/schema';
import { newestFirst } from './products-repository';
import { containsPattern, publiclyVisible } from './visibility';

/** The public lists' statements: the catalog version and count (migration 0004), pages, searches, categories, ads. */

export interface CatalogState {
  /** Moves with every change to `products`. */
  version: number;
  /** Moves only with a change that can alter a list's members, order or counts (migration 0012). */
  shapeVersion: number;
  visibleCount: number;
}

/** Read by every public request: built once per database and sent as a named prepared statement. */
const catalogStateRead = perDatabase((db) =>
  db
    .select({
      version: catalogState.version,
      shapeVersion: catalogState.shapeVersion,
      visibleCount: catalogState.visibleCount,
    })
    .from(catalogState)
    .limit(1)
    .prepare('catalog_state'),
);

export async function readCatalogState(db: Database): Promise<CatalogState> {
  const [state] = await catalogStateRead(db).execute();
  if (!state) throw new Error('catalog_state is missing: migration 0004 has not run');
  return state;
}

/** The visible listings whose search text contains `term` (already lower case). */
function matching(term: string): SQL {
  return and(publiclyVisible(), like(products.searchText, containsPattern(term))) as SQL;
}

export function visibleListingsPage(db: Queryable, limit: number, offset: number): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(publiclyVisible())
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
}

export function searchPage(db: Queryable, term: string, limit: number, offset: number): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(matching(term))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
}

/** The ids of a search's first `limit` matches, newest first. */
export async function searchMatchIds(db: Queryable, term: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(matching(term))
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function countSearchMatches(db: Queryable, term: string): Promise<number> {
  const [counted] = await db.select({ n: count() }).from(products).where(matching(term));
  return Number(counted?.n ?? 0);
}

/** The visible listings among `ids`, in any order. */
export function visibleListingsByIds(db: Queryable, ids: string[]): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(and(publiclyVisible(), inArray(products.id, ids)));
}

export function categoryListings(db: Queryable, categoryId: string, limit: number): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(and(publiclyVisible(), eq(products.categoryId, categoryId)))
    .orderBy(...newestFirst)
    .limit(limit);
}

/** The newest advertised books still for sale. */
export function advertisedListings(db: Queryable, limit: number): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(and(publiclyVisible(), eq(products.advertised, true), eq(products.sold, false)))
    .orderBy(desc(products.listedAt))
    .limit(limit);
}

/**
 * The book list's filters as the request gives them (prices in cents, repeated values sorted); on the category page
 * `category` is the page's own. A filter added to the request's schema arrives here, and in the lists' cache keys,
 * with no other code: it needs only its condition below.
 */
export type ListingFilters = Omit<BookListRequest, 'page' | 'size' | 'facets' | 'sort'>;

/** The filters a facet matrix is counted under: all but category and condition, which are its two axes. */
export type MatrixFilters = Omit<ListingFilters, 'category' | 'condition'>;

export type ListingOrder = BookListRequest['sort'];

function matrixConditions(filters: MatrixFilters): SQL[] {
  const conditions: SQL[] = [publiclyVisible()];
  const term = filters.search.toLowerCase();
  if (term) conditions.push(like(products.searchText, containsPattern(term)));
  if (filters.minPrice !== undefined) conditions.push(gte(products.resalePriceCents, filters.minPrice));
  if (filters.maxPrice !== undefined) conditions.push(lte(products.resalePriceCents, filters.maxPrice));
  if (filters.verified) conditions.push(eq(products.sellerVerified, true));
  if (filters.seller !== undefined) conditions.push(eq(products.sellerId, filters.seller));
  return conditions;
}

function filtered(filters: ListingFilters): SQL {
  const conditions = matrixConditions(filters);
  if (filters.category.length > 0) conditions.push(inArray(products.categoryId, [...filters.category]));
  if (filters.condition.length > 0) conditions.push(inArray(products.condition, [...filters.condition]));
  return and(...conditions) as SQL;
}

/** The columns an order reads, of `products` or of a subquery over it. */
interface OrderColumns {
  resalePriceCents: AnyColumn;
  listedAt: AnyColumn;
  id: AnyColumn;
}

/** Each order ends newest first, as the default list, so a page is the same rows at every read (indexes of 0009). */
function orderBy(order: ListingOrder, columns: OrderColumns): SQL[] {
  const newest = [desc(columns.listedAt), desc(columns.id)];
  if (order === 'price_asc') return [sql`${columns.resalePriceCents} ASC NULLS LAST`, ...newest];
  if (order === 'price_desc') return [sql`${columns.resalePriceCents} DESC NULLS LAST`, ...newest];
  return newest;
}

/**
 * One page of a filtered list. `gather` says the matches are few (the caller knows their exact count): they are
 * then read through the most selective index (the trigram one, a price range, a category) and sorted, behind an
 * `OFFSET 0` fence, since walking an ordered index for a page of few matches may read most of the table before
 * finding them (the planner's guess of how many rows match several filters at once can be far out). Otherwise
 * the planner walks the order's index and stops at the page.
 */
export function filteredListingsPage(
  db: Queryable,
  filters: ListingFilters,
  order: ListingOrder,
  page: { limit: number; offset: number; gather: boolean },
): Promise<ProductRow[]> {
  if (!page.gather)
    return db
      .select()
      .from(products)
      .where(filtered(filters))
      .orderBy(...orderBy(order, products))
      .limit(page.limit)
      .offset(page.offset);
  const matches = db.select().from(products).where(filtered(filters)).offset(0).as('matches');
  return db
    .select()
    .from(matches)
    .orderBy(...orderBy(order, matches))
    .limit(page.limit)
    .offset(page.offset);
}

/** Visible listings per category and condition: one cell of the facet matrix. */
export interface FacetCell {
  categoryId: string;
  condition: string;
  listings: number;
}

/**
 * The facet matrix under filters without a search term nor a seller, from the counts the triggers of migration 0009
 * keep: its size follows the distinct prices listed, not the listings.
 */
export async function keptFacetMatrix(db: Queryable, filters: MatrixFilters): Promise<FacetCell[]> {
  const conditions: SQL[] = [];
  // -1 is a price that could not be read: in no price range.
  if (filters.minPrice !== undefined || filters.maxPrice !== undefined)
    conditions.push(gte(catalogFacets.resalePriceCents, filters.minPrice ?? 0));
  if (filters.maxPrice !== undefined) conditions.push(lte(catalogFacets.resalePriceCents, filters.maxPrice));
  if (filters.verified) conditions.push(eq(catalogFacets.sellerVerified, true));
  const rows = await db
    .select({
      categoryId: catalogFacets.categoryId,
      condition: catalogFacets.condition,
      listings: sum(catalogFacets.listings),
    })
    .from(catalogFacets)
    .where(and(...conditions))
    .groupBy(catalogFacets.categoryId, catalogFacets.condition);
  return rows.map((row) => ({ ...row, listings: Number(row.listings ?? 0) }));
}

/**
 * The facet matrix counted from the listings under every filter: a search's matches (the trigram index) or one
 * seller's listings (their index), which the kept counts do not divide by.
 */
export async function countedFacetMatrix(db: Queryable, filters: MatrixFilters): Promise<FacetCell[]> {
  const rows = await db
    .select({ categoryId: products.categoryId, condition: products.condition, listings: count() })
    .from(products)
    .where(and(...matrixConditions(filters)))
    .groupBy(products.categoryId, products.condition);
  return rows.map((row) => ({ ...row, listings: Number(row.listings) }));
}
