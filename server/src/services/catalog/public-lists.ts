import {
  BOOK_CONDITIONS,
  CATEGORY_IDS,
  categoryProductsQuerySchema,
  type BookFacets,
  type BookListRequest,
  type BookListResponse,
  type CatalogVersion,
  type CategoryProductsRequest,
  type Product,
  type ProductDetails,
  type SellerRating,
} from '@bookswap/shared/schemas';
import type { Database } from '../../db/database';
import type { ProductRow } from '../../repositories/products-repository';
import { notFound } from '../../errors/http-error';
import type { SignedInCaller } from '../callers';
import { listedSellerRatings } from '../reviews';
import { productToWire, productWithContactToWire, type WireContext } from '../wire';
import { SharedFreshRead } from '../../db/fresh-reads';
import { perDatabase } from '../../db/per-database';
import {
  advertisedListings,
  categoryListings,
  countSearchMatches,
  filteredListingsPage,
  countedFacetMatrix,
  keptFacetMatrix,
  type FacetCell,
  type ListingFilters,
  type ListingOrder,
  readCatalogState,
  searchMatchIds,
  searchPage,
  visibleListingsByIds,
  visibleListingsPage,
  type CatalogState,
} from '../../repositories/catalog-repository';
import { visibleListingById } from '../../repositories/products-repository';
import {
  catalogCachesFor,
  type AnswerQuery,
  type CatalogCaches,
  type PageQuery,
  type SearchMatches,
} from './catalog-cache';

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
/**
 * A filtered list of at most this many matches is gathered and sorted rather than read along an ordered index: at
 * 1,000,000 listings a walk for a page of a few hundred matches read most of the index (0.9 s when the filters
 * were correlated), while gathering 16,000 matches cost more (130 ms) than walking to a page of them (1-20 ms).
 */
const GATHERED_MATCHES = 1_000;
const ADS_LIMIT = 100;

const stateReadsOf = perDatabase((db) => new SharedFreshRead(() => readCatalogState(db)));

/** The catalog version and count as of a read that started after this call (shared with concurrent callers). */
function freshCatalogState(db: Database): Promise<CatalogState> {
  return stateReadsOf(db).get();
}

/** The catalog's version as of a read that started after this call: `GET /api/catalog/version`. */
export async function catalogVersion(db: Database): Promise<CatalogVersion> {
  return { version: (await freshCatalogState(db)).version };
}

/** A request's view of the caches: the catalog version it read, and this server's PUBLIC_URL. */
class CachedReads {
  constructor(
    private readonly db: Database,
    private readonly caches: CatalogCaches,
    private readonly state: CatalogState,
    private readonly wire: WireContext,
  ) {}

  /** A search's matching ids (no URLs in them: shared by every PUBLIC_URL), kept while the catalog's shape is. */
  matches(term: string, load: () => Promise<SearchMatches>): Promise<SearchMatches> {
    return this.caches.searchMatches.read(this.state, { term }, load);
  }

  /** The facet matrix of a filter combination (no URLs in it). */
  facetMatrix(filters: ListingFilters, load: () => Promise<FacetCell[]>): Promise<FacetCell[]> {
    // Category and condition are the matrix's axes: one matrix serves every choice of them.
    const { category: _category, condition: _condition, ...matrixFilters } = filters;
    return this.caches.facetMatrices.read(this.state, matrixFilters, load);
  }

  /**
   * A page read by `load`, as two entries: its listing ids under the catalog's shape, which a sale or a report
   * leaves alone, and its wire rows under the catalog version. After a sale the page's rows are read again by id
   * (a primary-key read of `size` rows) instead of running the page's query again.
   */
  page(query: PageQuery, load: () => Promise<ProductRow[]>): Promise<Product[]> {
    let ids: string[] = [];
    return this.answer(
      query,
      async () => {
        let fresh: ProductRow[] | undefined;
        ids = await this.caches.pageIds.read(this.state, query, async () => {
          fresh = await load();
          return fresh.map((row) => row.id);
        });
        const rows = fresh ?? (await listingsInOrder(this.db, ids));
        return rows.map((row) => productToWire(row, this.wire));
      },
      // A listing hidden or deleted since its ids were read (a write racing this request) is left out: not kept.
      (found) => found.length === ids.length,
    );
  }

  /** The cached answer to `list`, or `load`'s, kept unless `keep` says it may not be (a racing write). */
  answer(
    list: AnswerQuery['list'],
    load: () => Promise<Product[]>,
    keep?: (value: Product[]) => boolean,
  ): Promise<Product[]> {
    // Wire objects hold absolute image URLs: the server's PUBLIC_URL is part of the key.
    return this.caches.answers.read(this.state, { publicUrl: this.wire.publicUrl, list }, load, keep);
  }
}

async function openReads(db: Database, wire: WireContext): Promise<{ reads: CachedReads; state: CatalogState }> {
  const state = await freshCatalogState(db);
  return { reads: new CachedReads(db, catalogCachesFor(db), state, wire), state };
}

/** The rated copy of a cached page, made with these ratings (by identity: a kept rating is one object). */
const ratedCopies = new WeakMap<Product[], { ratings: (SellerRating | undefined)[]; products: Product[] }>();

/**
 * Sellers' ratings (decision 034) join a list after its cache read (`listedSellerRatings` for the page's sellers, kept
 * on their own for a short while), never inside the catalog caches: those follow the catalog version, which reviews
 * do not move, and a review is shown when its window ends, a moment no write marks, so no invalidation could catch it.
 */
async function rated<T extends Product>(db: Database, products: T[]): Promise<T[]> {
  if (products.length === 0) return products;
  const ratings = await listedSellerRatings(
    db,
    products.map((product) => product.sellerId),
  );
  // A cached page asked for again with the same kept ratings gets the same rated copy: copying a hundred listings at
  // each request cost the ads list 40 % of its throughput (`bench:api`).
  const made = ratedCopies.get(products);
  if (made && made.ratings.every((rating, i) => rating === ratings.get(products[i]!.sellerId)))
    return made.products as T[];
  const used = products.map((product) => ratings.get(product.sellerId));
  // Frozen, so that its text is written once too (serialisation.ts): nothing may change a copy others are served.
  const copies: T[] = products.map((product, i) => Object.freeze({ ...product, sellerRating: used[i] }));
  Object.freeze(copies);
  ratedCopies.set(products, { ratings: used, products: copies });
  return copies;
}

/**
 * GET /api/category/list: one page of the visible listings, newest first, or of those matching `search`, as the
 * caches keep it (without ratings: `bookListJson` adds them).
 */
export async function bookListPage(db: Database, wire: WireContext, query: BookListRequest): Promise<BookListResponse> {
  const pageQuery = bookListPageQuery(query);
  const { filters, sort, page, size } = pageQuery;
  if (isFiltered(filters, sort) || query.facets) return filteredBookListPage(db, wire, query, pageQuery);
  const { reads, state } = await openReads(db, wire);
  const offset = page * size;
  const term = query.search.toLowerCase();
  if (!term) {
    if (offset >= state.visibleCount) return { products: [], count: state.visibleCount };
    const rows = await reads.page(pageQuery, () => visibleListingsPage(db, size, offset));
    return { products: rows, count: state.visibleCount };
  }

  const matches = await reads.matches(term, () => searchMatches(db, term));
  if (offset >= matches.total) return { products: [], count: matches.total };
  // Cut from the kept ids when the page lies within them; a listing hidden or deleted since they were read (a
  // write racing this request) is left out of the answer, and such an answer is not kept.
  const pageIds = offset < matches.ids.length ? matches.ids.slice(offset, offset + query.size) : undefined;
  const rows = await reads.answer(
    { list: 'search', term, page, size },
    async () => {
      const found = pageIds ? await listingsInOrder(db, pageIds) : await searchPage(db, term, query.size, offset);
      return found.map((row) => productToWire(row, wire));
    },
    (found) => !pageIds || found.length === pageIds.length,
  );
  return { products: rows, count: matches.total };
}

type BookListPageQuery = Extract<PageQuery, { list: 'book list' }>;

/**
 * The page a book-list request asks for, its cache key: every field of the request but `facets`, which changes
 * what is counted beside the page, not the page. A filter added to the request is part of it with no more code.
 */
export function bookListPageQuery(query: BookListRequest): BookListPageQuery {
  const { page, size, facets: _facets, sort, ...filters } = query;
  return { list: 'book list', filters, sort, page, size };
}

/** The filters and order of product.md's own call: a list asking for these (a search aside) is the plain list. */
const UNFILTERED: Readonly<Record<string, unknown>> = { ...categoryProductsQuerySchema.parse({}), category: [] };

const sameValue = (a: unknown, b: unknown): boolean =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((item, i) => item === b[i]) : a === b;

/** Whether a list asks for more than product.md's call does: a filter (a search aside) or another order. */
function isFiltered(filters: ListingFilters, sort: ListingOrder): boolean {
  const asked: Record<string, unknown> = { ...filters, sort };
  return Object.keys(asked).some((field) => field !== 'search' && !sameValue(asked[field], UNFILTERED[field]));
}

/**
 * Books per category and condition under the filters other than those two: the list's count and both facets are
 * sums of its cells, so one matrix, counted once per catalog version, serves every category and condition
 * choice, page and order of the same search, prices, verified flag and seller. Without a search or a seller it is
 * summed from the counts the database keeps (migration 0009), with one from the matching listings.
 */
function facetMatrix(db: Database, reads: CachedReads, filters: ListingFilters): Promise<FacetCell[]> {
  return reads.facetMatrix(filters, () =>
    filters.search || filters.seller !== undefined ? countedFacetMatrix(db, filters) : keptFacetMatrix(db, filters),
  );
}

const among = (chosen: readonly string[], value: string) => chosen.length === 0 || chosen.includes(value);

function listingsIn(cells: FacetCell[], categories: readonly string[], conditions: readonly string[]): number {
  return cells
    .filter((cell) => among(categories, cell.categoryId) && among(conditions, cell.condition))
    .reduce((total, cell) => total + cell.listings, 0);
}

/** Each condition's count ignores the condition filter, each category's the category filter. */
function facetsOf(cells: FacetCell[], filters: ListingFilters): BookFacets {
  return {
    condition: Object.fromEntries(
      BOOK_CONDITIONS.map((name) => [name, listingsIn(cells, filters.category, [name])]),
    ) as BookFacets['condition'],
    category: Object.fromEntries(CATEGORY_IDS.map((id) => [id, listingsIn(cells, [id], filters.condition)])),
  };
}

/** The book list with filters, another order or facets: counted from the facet matrix, paged by offset. */
async function filteredBookListPage(
  db: Database,
  wire: WireContext,
  query: BookListRequest,
  pageQuery: BookListPageQuery,
): Promise<BookListResponse> {
  const { reads } = await openReads(db, wire);
  const { filters, sort, page, size } = pageQuery;
  const cells = await facetMatrix(db, reads, filters);
  const count = listingsIn(cells, filters.category, filters.condition);
  const facets = query.facets ? { facets: facetsOf(cells, filters) } : {};
  const offset = page * size;
  if (offset >= count) return { products: [], count, ...facets };
  const products = await reads.page(pageQuery, () =>
    filteredListingsPage(db, filters, sort, {
      limit: size,
      offset,
      gather: count <= GATHERED_MATCHES,
    }),
  );
  return { products, count, ...facets };
}

/**
 * The JSON texts made from a cached page, kept beside it (and gone with it): each listing's text, and the last whole
 * answer with the ratings (by identity), count and facets it was written with.
 */
interface PageTexts {
  listings: string[];
  answer?: { ratings: (SellerRating | undefined)[]; count: number; facets: BookFacets | undefined; text: string };
}
const pageTexts = new WeakMap<Product[], PageTexts>();

/**
 * GET /api/category/list's answer as JSON text, each listing's text made once per cached page instead of at every
 * request (the same page of a popular list is asked for many times a second), with its seller's rating, read now
 * (see `rated`), added at its end. While the page's ratings, count and facets stay the same objects, the answer is
 * the text already written: writing it again cost each list or search about 16 µs of a busy server
 * (docs/decisions/071).
 */
export async function bookListJson(db: Database, wire: WireContext, query: BookListRequest): Promise<string> {
  const answer = await bookListPage(db, wire, query);
  let texts = pageTexts.get(answer.products);
  if (texts === undefined) {
    texts = { listings: answer.products.map((product) => JSON.stringify(product)) };
    pageTexts.set(answer.products, texts);
  }
  const ratings = answer.products.length
    ? await listedSellerRatings(
        db,
        answer.products.map((product) => product.sellerId),
      )
    : new Map<string, SellerRating>();
  const used = answer.products.map((product) => ratings.get(product.sellerId));
  const last = texts.answer;
  if (
    last &&
    last.count === answer.count &&
    last.facets === answer.facets &&
    last.ratings.every((rating, i) => rating === used[i])
  )
    return last.text;
  const products = texts.listings.map((text, i) => {
    const rating = used[i];
    // A listing's text is an object: its closing brace makes room for one more field.
    return rating ? `${text.slice(0, -1)},"sellerRating":${JSON.stringify(rating)}}` : text;
  });
  const facets = answer.facets ? `,"facets":${JSON.stringify(answer.facets)}` : '';
  const text = `{"products":[${products.join(',')}],"count":${JSON.stringify(answer.count)}${facets}}`;
  texts.answer = { ratings: used, count: answer.count, facets: answer.facets, text };
  return text;
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
  return catalogCachesFor(db).listings.read(
    state,
    { id },
    async () => (await visibleListingById(db, id)) ?? null,
    (row) => row !== null,
  );
}

/**
 * GET /api/product/list/:id: one listing; the seller's contact details only to a signed-in caller, as product.md §2
 * shows them on the details page, which only the signed-in open.
 */
export async function productDetails(
  db: Database,
  wire: WireContext,
  id: string,
  caller: SignedInCaller | null,
): Promise<ProductDetails> {
  const row = await visibleListing(db, id);
  if (!row) throw notFound('No product with this id');
  const [details] = await rated(db, listingDetails(row, wire, caller !== null));
  return details!;
}

/** The details made from each kept row, one per kind of caller and public URL: gone with the row (the catalog moved). */
const detailsOfRow = new WeakMap<ProductRow, Map<string, Product[]>>();

/**
 * A kept row's details (as a one-listing page), made once: the same page is rated into the same frozen copy, whose
 * text is then written once (serialisation.ts), instead of a new answer at each request (docs/decisions/070).
 */
function listingDetails(row: ProductRow, wire: WireContext, withContact: boolean): Product[] {
  let made = detailsOfRow.get(row);
  if (!made) {
    made = new Map();
    detailsOfRow.set(row, made);
  }
  const key = `${withContact ? 'with contact' : 'public'} ${wire.publicUrl}`;
  let details = made.get(key);
  if (!details) {
    details = [withContact ? productWithContactToWire(row, wire) : productToWire(row, wire)];
    made.set(key, details);
  }
  return details;
}

/**
 * GET /api/category/list/:id: product.md's category page has no paging; the newest 1,000 keep it bounded. The book list's
 * filters and orders apply too; without them the answer is product.md's.
 */
export async function categoryProducts(
  db: Database,
  wire: WireContext,
  categoryId: string,
  query: CategoryProductsRequest,
): Promise<Product[]> {
  const { reads } = await openReads(db, wire);
  const { sort, ...asked } = query;
  const filters: ListingFilters = { ...asked, category: [categoryId] };
  if (!isFiltered({ ...asked, category: [] }, sort) && !query.search)
    return rated(
      db,
      await reads.page({ list: 'category', filters, sort }, () =>
        categoryListings(db, categoryId, CATEGORY_PAGE_LIMIT),
      ),
    );
  // The category's own index reads its rows: no count needed to choose how.
  return rated(
    db,
    await reads.page({ list: 'category', filters, sort }, () =>
      filteredListingsPage(db, filters, sort, { limit: CATEGORY_PAGE_LIMIT, offset: 0, gather: false }),
    ),
  );
}

/** GET /api/product/Ads/list: the newest advertised books still for sale. */
export async function advertisedProducts(db: Database, wire: WireContext): Promise<Product[]> {
  const { reads } = await openReads(db, wire);
  const ads = await reads.answer({ list: 'ads' }, async () => {
    const rows = await advertisedListings(db, ADS_LIMIT);
    return rows.map((row) => productToWire(row, wire));
  });
  return rated(db, ads);
}
