import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/database';
import { perDatabase } from '../../db/per-database';
import type {
  CatalogState,
  FacetCell,
  ListingFilters,
  ListingOrder,
  MatrixFilters,
} from '../../repositories/catalog-repository';
import type { ProductRow } from '../../repositories/products-repository';
import type { Product } from '@bookswap/shared/schemas';

/**
 * The key of a query object: its JSON text, so two queries share an entry only when every field is equal (a field
 * left undefined is a field left out). Each kind of query is built in one place, its fields always in the same
 * order, so equal queries give equal text; sorting the fields at every request cost a tenth of the book list's
 * throughput (`bench:api`).
 */
export function cacheKey(query: object): string {
  return JSON.stringify(query);
}

/** How one cache holds its answers. */
export interface ListCacheOptions<Value> {
  /**
   * The catalog version its entries are valid under: `version` moves with every change to `products`,
   * `shapeVersion` only with a change that can alter a list's members, order or counts (migration 0012).
   */
  follows: 'version' | 'shapeVersion';
  /** At most this much weight is kept; the least recently used entries go first. */
  maxWeight: number;
  /** An entry's weight: listing ids, listings or facet cells held. */
  weigh: (value: Value) => number;
}

/**
 * Answers of the public lists, each valid for one catalog version only (migration 0004: every change to `products`
 * bumps the version in its own transaction), under the key of the typed query that produced it (`cacheKey`), so a
 * field added to a query is part of its key with no more code. Each request reads the current version first, so an
 * entry made before a write is never served after that write has committed, on this instance or any other.
 */
export class ListCache<Query extends object, Value> {
  private version = -1;
  /**
   * Boxed, since lru-cache keeps no null (a listing not found is an answer). `maxSize` bounds the weight; an answer
   * heavier than the whole cache is not kept (lru-cache's `maxEntrySize` is its `maxSize` unless set).
   */
  private readonly entries: LRUCache<string, { value: Value }>;
  /**
   * Answers being loaded: requests arriving meanwhile wait for the same load instead of repeating it. Not
   * lru-cache's `fetchMethod`, whose `fetch` keeps whatever it loads: an answer `keep` refuses must still reach the
   * requests waiting for it.
   */
  private readonly loading = new Map<string, Promise<Value>>();

  constructor(private readonly options: ListCacheOptions<Value>) {
    this.entries = new LRUCache({ maxSize: options.maxWeight, sizeCalculation: (entry) => options.weigh(entry.value) });
  }

  /**
   * The answer kept for `query` under the catalog `state` a request read, or `load`'s, shared with the requests
   * that ask for it meanwhile and kept unless `keep` refuses it (a racing write). A request that read an older
   * version than the cache's loads on its own and keeps nothing.
   */
  async read(
    state: CatalogState,
    query: Query,
    load: () => Promise<Value>,
    keep: (value: Value) => boolean = () => true,
  ): Promise<Value> {
    const version = state[this.options.follows];
    if (!this.current(version)) return load();
    const key = cacheKey(query);
    const hit = this.entries.get(key);
    if (hit) return hit.value;
    const loadKey = `${version} ${key}`;
    const pending = this.loading.get(loadKey);
    if (pending) return pending;
    const loaded = load().then(
      (value) => {
        this.loading.delete(loadKey);
        if (keep(value) && version === this.version) this.entries.set(key, { value });
        return value;
      },
      (error: unknown) => {
        this.loading.delete(loadKey);
        throw error;
      },
    );
    this.loading.set(loadKey, loaded);
    return loaded;
  }

  /**
   * Called with the version a request just read. A newer version empties the cache; a request that read an
   * older one (a write committed meanwhile) gets `false` and must neither read nor fill the cache.
   */
  private current(version: number): boolean {
    if (version > this.version) {
      this.entries.clear();
      this.version = version;
    }
    return version === this.version;
  }
}

/** A search's first matches, newest first, and their exact number (more than `ids.length` for a common term). */
export interface SearchMatches {
  ids: string[];
  total: number;
}

/** A page of a public list, as the service asks for it: the filters and order as the request gave them. */
export type PageQuery =
  | { list: 'book list'; filters: ListingFilters; sort: ListingOrder; page: number; size: number }
  | { list: 'category'; filters: ListingFilters; sort: ListingOrder };

/** A list's answer, as wire objects: those hold absolute image URLs, so the server's PUBLIC_URL is in the key. */
export interface AnswerQuery {
  publicUrl: string;
  list: PageQuery | { list: 'search'; term: string; page: number; size: number } | { list: 'ads' };
}

/**
 * Per database handle (per server; the tests run several servers in one process), one cache per kind of answer,
 * so that pages churning through one cannot push out the others.
 */
const catalogCaches = () => ({
  /** Searches' matching ids (weight one per id, about 60 bytes), kept while the catalog's shape is. */
  searchMatches: new ListCache<{ term: string }, SearchMatches>({
    follows: 'shapeVersion',
    maxWeight: 500_000,
    weigh: (matches) => 1 + matches.ids.length,
  }),
  /** Pages' listing ids, under the shape: after a sale a page's rows are read again by id, not by its query. */
  pageIds: new ListCache<PageQuery, string[]>({
    follows: 'shapeVersion',
    maxWeight: 200_000,
    weigh: (ids) => 1 + ids.length,
  }),
  /** Wire answers (weight one per listing, about 1 kB). */
  answers: new ListCache<AnswerQuery, Product[]>({
    follows: 'version',
    maxWeight: 20_000,
    weigh: (products) => 1 + products.length,
  }),
  /** Single listings by id (the detail page and the booking read them; about 1 kB each); no URLs in them. */
  listings: new ListCache<{ id: string }, ProductRow | null>({ follows: 'version', maxWeight: 20_000, weigh: () => 1 }),
  /** Facet matrices per filter combination (weight one per cell, at most 27). */
  facetMatrices: new ListCache<MatrixFilters, FacetCell[]>({
    follows: 'shapeVersion',
    maxWeight: 100_000,
    weigh: (cells) => 1 + cells.length,
  }),
});

export type CatalogCaches = ReturnType<typeof catalogCaches>;

export const catalogCachesFor: (db: Database) => CatalogCaches = perDatabase(catalogCaches);
