import type { Database } from '../../db/database';
import { perDatabase } from '../../db/per-database';

/**
 * Answers of the public lists, valid for one catalog version only (migration 0004: every change to `products`
 * bumps the version in its own transaction). Each request reads the current version first, so an entry made
 * before a write is never served after that write has committed, on this instance or any other.
 *
 * Bounded: entries carry a weight (listing ids or listings held) and the least recently used go first.
 */
export class CatalogCache {
  private version = -1;
  private readonly entries = new Map<string, { value: unknown; weight: number }>();
  private weight = 0;
  /** Answers being loaded: requests arriving meanwhile wait for the same load instead of repeating it. */
  private readonly loading = new Map<string, Promise<unknown>>();

  constructor(private readonly maxWeight: number) {}

  /**
   * Called with the version a request just read. A newer version empties the cache; a request that read an
   * older one (a write committed meanwhile) gets `false` and must neither read nor fill the cache.
   */
  private current(version: number): boolean {
    if (version > this.version) {
      this.entries.clear();
      this.weight = 0;
      this.version = version;
    }
    return version === this.version;
  }

  /**
   * The answer kept for `key` at `version`, or `load`'s, shared with the requests that ask for it meanwhile and
   * kept unless `keep` refuses it. A request that read an older version than the cache's loads on its own.
   */
  async through<T>(
    version: number,
    key: string,
    weightOf: (value: T) => number,
    load: () => Promise<T>,
    keep: (value: T) => boolean,
  ): Promise<T> {
    if (!this.current(version)) return load();
    const hit = this.get<T>(version, key);
    if (hit !== undefined) return hit;
    const loadKey = `${version} ${key}`;
    const pending = this.loading.get(loadKey);
    if (pending) return pending as Promise<T>;
    const loaded = load().then(
      (value) => {
        this.loading.delete(loadKey);
        if (keep(value)) this.set(version, key, value, weightOf(value));
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

  private get<T>(version: number, key: string): T | undefined {
    if (version !== this.version) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Most recently used last: Map keeps insertion order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value as T;
  }

  private set(version: number, key: string, value: unknown, weight: number): void {
    if (version !== this.version || weight > this.maxWeight) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.weight -= old.weight;
    }
    this.entries.set(key, { value, weight });
    this.weight += weight;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.weight <= this.maxWeight) break;
      this.entries.delete(oldestKey);
      this.weight -= oldest.weight;
    }
  }
}

/**
 * Per database handle (per server; the tests run several servers in one process), five caches so that pages
 * churning through one cannot push out the others: searches' and pages' listing ids (weight: one per id, about 60 bytes),
 * answers (weight: one per listing, about 1 kB), and single listings by id (the detail page and the booking
 * read them; weight one, about 1 kB), and the book list's facet counts.
 */
export interface CatalogCaches {
  /** Searches' matching ids, under the catalog's shape version (migration 0012). */
  matches: CatalogCache;
  /** Pages' listing ids, under the shape version: a sale re-reads a page's rows by id, not its query. */
  pageIds: CatalogCache;
  answers: CatalogCache;
  listings: CatalogCache;
  /** Facet matrices per filter combination (issue 22; weight one per cell, at most 27). */
  facets: CatalogCache;
}

export const catalogCachesFor: (db: Database) => CatalogCaches = perDatabase(() => ({
  matches: new CatalogCache(500_000),
  pageIds: new CatalogCache(200_000),
  answers: new CatalogCache(20_000),
  listings: new CatalogCache(20_000),
  facets: new CatalogCache(100_000),
}));
