import { and, count, desc, eq, inArray, like, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { catalogState, products, type ProductRow } from '../db/schema';
import { newestFirst } from './products-repository';
import { containsPattern, publiclyVisible } from './visibility';

/** The public lists' statements: the catalog version and count (migration 0004), pages, searches, categories, ads. */

export interface CatalogState {
  version: number;
  visibleCount: number;
}

export async function readCatalogState(db: Queryable): Promise<CatalogState> {
  const [state] = await db
    .select({ version: catalogState.version, visibleCount: catalogState.visibleCount })
    .from(catalogState)
    .limit(1);
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
