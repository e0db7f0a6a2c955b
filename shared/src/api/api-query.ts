import type { CacheFamily } from './cache-keys';

/** A cache key as the `...Keys` objects make them: the family first, then what of it. */
export type QueryKey = readonly [CacheFamily, ...unknown[]];

/**
 * One GET a screen reads, as the api file that owns the call makes it: the SWR cache key beside the call that answers
 * it (bulletproof-react pairs them the same way). The screen's hook (`useApiQuery`) and its route's loader
 * (`preloadQuery`) take the same object, so both fill and read one cache entry, and the writes' tables
 * (writes.ts) name what refetches it.
 */
export interface ApiQuery<Data> {
  readonly key: QueryKey;
  fetch(): Promise<Data>;
}

export const apiQuery = <Data>(key: QueryKey, fetch: () => Promise<Data>): ApiQuery<Data> => ({ key, fetch });

interface StartedAnswer {
  answer: Promise<unknown>;
  at: number;
}

/** Answers loaders started, by key, until the screen's first fetch of that key takes them. */
const started = new Map<string, StartedAnswer>();

/**
 * How long a started answer waits for its screen: the screen mounts as its loader returns, so this is one
 * navigation, never a visit minutes later (which must ask afresh) or an abandoned one.
 */
const TAKEN_WITHIN_MS = 10_000;

const idOf = (key: QueryKey) => JSON.stringify(key);
const stillWaiting = (entry: StartedAnswer | undefined): entry is StartedAnswer =>
  entry !== undefined && Date.now() - entry.at < TAKEN_WITHIN_MS;

/**
 * For a route's loader (product.md §2: loaded before display): starts the screen's query as the navigation starts,
 * beside the screen's code, and the screen's `useApiQuery` takes this answer into the cache instead of asking again.
 * A failure is the screen's to show, as it reads the same answer.
 */
export function preloadQuery(query: ApiQuery<unknown>): void {
  const id = idOf(query.key);
  if (stillWaiting(started.get(id))) return;
  const answer = query.fetch();
  answer.catch(() => {});
  started.set(id, { answer, at: Date.now() });
}

/** The query's answer for the cache: the one its loader just started (taken once), else a new request. */
export function fetchQuery<Data>(query: ApiQuery<Data>): Promise<Data> {
  const id = idOf(query.key);
  const entry = started.get(id);
  started.delete(id);
  return stillWaiting(entry) ? (entry.answer as Promise<Data>) : query.fetch();
}

/** After a write, an answer started before it tells the past: no screen may take it up. */
export function forgetStartedQueries(): void {
  started.clear();
}
