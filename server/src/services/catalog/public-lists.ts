import type { BookListQuery, BookListResponse, Product } from '@bookswap/shared/schemas';
import type { Database } from '../../db/database';
import type { ProductRow } from '../../repositories/products-repository';
import { productToWire, type WireContext } from '../wire';
import { SharedFreshRead } from '../../db/fresh-reads';
import { perDatabase } from '../../db/per-database';
import {
  advertisedListings,
  categoryListings,
  countSearchMatches,
  readCatalogState,
  searchMatchIds,
  searchPage,
  visibleListingsByIds,
  visibleListingsPage,
  type CatalogState,
} from '../../repositories/catalog-repository';
import { visibleListingById } from '../../repositories/products-repository';
import { catalogCachesFor, type CatalogCaches } from './catalog-cache';

/**
 * The public lists (book list and search, a category, the advertised books), exact and fast at any size:
 * - the total of the unsearched list is the counter the database keeps (migration 0004), not a count;
 * - a search reads its matches once, newest first, as listing ids (at most MATCHES_KEPT of them) with their
 *   exact total, and every page of that search is then cut from those ids;
 * - everything is cached under the catalog version read at the start of each request (see catalog-cache.ts);
 *   requests arriving together share that read, but each waits for one that started after it arrived
 *   (db/fresh-reads.ts), so none is ever answered from before a write that was acknowledged before it came.
 */

/** 250 pages of 20: deeper pages of a very common search are read with an offset instead. */
const MATCHES_KEPT = 5_000;
const CATEGORY_PAGE_LIMIT = 1_000;
const ADS_LIMIT = 100;

interface SearchMatches {
  /** The first matches, newest first. */
  ids: string[];
  /** The exact number of matches (more than `ids.length` for a very common term). */
  total: number;
}

const stateReadsOf = perDatabase((db) => new SharedFreshRead(() => readCatalogState(db)));

/** The catalog version and count as of a read that started after this call (shared with concurrent callers). */
function freshCatalogState(db: Database): Promise<CatalogState> {
  return stateReadsOf(db).get();
}

/** A request's view of the caches: the catalog version it read, and this server's PUBLIC_URL. */
class CachedReads {
  constructor(
    private readonly caches: CatalogCaches,
    private readonly state: CatalogState,
    private readonly wire: WireContext,
  ) {}

  /** A search's matching ids (no URLs in them: shared by every PUBLIC_URL). */
  matches(term: string, load: () => Promise<SearchMatches>): Promise<SearchMatches> {
    return this.caches.matches.through(
      this.state.version,
      term,
      (m) => 1 + m.ids.length,
      load,
      () => true,
    );
  }

  /** The cached answer for `key`, or `load`'s, kept unless `keep` says it may not be (a racing write). */
  answer(key: string, load: () => Promise<Product[]>, keep: (value: Product[]) => boolean = () => true) {
    // Wire objects hold absolute image URLs: the server's PUBLIC_URL is part of the key.
    const fullKey = `${this.wire.publicUrl} ${key}`;
    return this.caches.answers.through(this.state.version, fullKey, (rows) => 1 + rows.length, load, keep);
  }
}

async function openReads(db: Database, wire: WireContext): Promise<{ reads: CachedReads; state: CatalogState }> {
  const state = await freshCatalogState(db);
  return { reads: new CachedReads(catalogCachesFor(db), state, wire), state };
}

/** GET /api/category/list: one page of the visible listings, newest first, or of those matching `search`. */
export async function bookListPage(
  db: Database,
  wire: WireContext,
  query: Required<BookListQuery>,
): Promise<BookListResponse> {
  const { reads, state } = await openReads(db, wire);
  const offset = query.page * query.size;
  const term = query.search.toLowerCase();
  if (!term) {
    if (offset >= state.visibleCount) return { products: [], count: state.visibleCount };
    const rows = await reads.answer(`shelf ${query.page} ${query.size}`, async () => {
      const found = await visibleListingsPage(db, query.size, offset);
      return found.map((row) => productToWire(row, wire));
    });
    return { products: rows, count: state.visibleCount };
  }

  const matches = await reads.matches(term, () => searchMatches(db, term));
  if (offset >= matches.total) return { products: [], count: matches.total };
  // Cut from the kept ids when the page lies within them; a listing hidden or deleted since they were read (a
  // write racing this request) is left out of the answer, and such an answer is not kept.
  const pageIds = offset < matches.ids.length ? matches.ids.slice(offset, offset + query.size) : undefined;
  const rows = await reads.answer(
    `search ${query.page} ${query.size} ${term}`,
    async () => {
      const found = pageIds ? await listingsInOrder(db, pageIds) : await searchPage(db, term, query.size, offset);
      return found.map((row) => productToWire(row, wire));
    },
    (found) => !pageIds || found.length === pageIds.length,
  );
  return { products: rows, count: matches.total };
}

/** The JSON text of a page's listings, kept beside the cached page it was made from (and gone with it). */
const pageJson = new WeakMap<Product[], string>();

/**
 * A book-list answer as the JSON text `JSON.stringify(answer)` would give, the listings' part made once per
 * cached page instead of at every request: the same page of a popular list is asked for many times a second.
 */
export function bookListJson(answer: BookListResponse): string {
  let products = pageJson.get(answer.products);
  if (products === undefined) {
    products = JSON.stringify(answer.products);
    pageJson.set(answer.products, products);
  }
  return `{"products":${products},"count":${JSON.stringify(answer.count)}}`;
}

async function searchMatches(db: Database, term: string): Promise<SearchMatches> {
  const first = await searchMatchIds(db, term, MATCHES_KEPT + 1);
  if (first.length <= MATCHES_KEPT) return { ids: first, total: first.length };
  return { ids: first.slice(0, MATCHES_KEPT), total: await countSearchMatches(db, term) };
}

async function listingsInOrder(db: Database, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const found = await visibleListingsByIds(db, ids);
  const byId = new Map(found.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * One publicly visible listing by id, or null: GET /api/product/list/:id, and the product a booking copies its
 * name, image and price from. Every column of a listing lives in `products`, whose every change bumps the
 * catalog version, so the cached row is as fresh as a query sent now.
 */
export async function visibleListing(db: Database, id: string): Promise<ProductRow | null> {
  const state = await freshCatalogState(db);
  // Rows hold no URLs: one entry serves every PUBLIC_URL. A missing listing is not kept.
  return catalogCachesFor(db).listings.through(
    state.version,
    id,
    () => 1,
    async () => (await visibleListingById(db, id)) ?? null,
    (row) => row !== null,
  );
}

/** GET /api/category/list/:id: SPEC's category page has no paging; the newest 1,000 keep it bounded. */
export async function categoryProducts(db: Database, wire: WireContext, categoryId: string): Promise<Product[]> {
  const { reads } = await openReads(db, wire);
  return reads.answer(`category ${categoryId}`, async () => {
    const rows = await categoryListings(db, categoryId, CATEGORY_PAGE_LIMIT);
    return rows.map((row) => productToWire(row, wire));
  });
}

/** GET /api/product/Ads/list: the newest advertised books still for sale. */
export async function advertisedProducts(db: Database, wire: WireContext): Promise<Product[]> {
  const { reads } = await openReads(db, wire);
  return reads.answer('ads', async () => {
    const rows = await advertisedListings(db, ADS_LIMIT);
    return rows.map((row) => productToWire(row, wire));
  });
}
