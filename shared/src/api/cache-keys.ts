/**
 * SWR cache keys, one family per resource: `[family, ...what]`. Every `useSWR` and `mutate` in every
 * package builds its key with the `...Keys` objects beside each GET, so a write in one remote refreshes
 * another remote's screen by a name both import (a booking in the storefront, My Orders in checkout).
 */
export type CacheFamily =
  | 'products'
  | 'bookings'
  | 'users'
  | 'reports'
  | 'audit'
  | 'notifications'
  | 'releases'
  | 'messages'
  | 'reviews'
  | 'saved-searches';

/** A `mutate` filter that matches every cached answer of these families. */
export function inFamily(...families: CacheFamily[]) {
  return (key: unknown): boolean =>
    Array.isArray(key) && typeof key[0] === 'string' && (families as string[]).includes(key[0]);
}
