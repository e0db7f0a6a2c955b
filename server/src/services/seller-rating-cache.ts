import type { SellerRating } from '@bookswap/shared/schemas';
import type { Database } from '../db/database';
import { perDatabase } from '../db/per-database';

/**
 * How long a server keeps a seller's rating for the public lists and details (decision 034). Every such answer
 * carries its sellers' ratings, and reading them per answer halved the book list's throughput (`bench:api`). A review
 * written or hidden through this server forgets its seller at once; a review that shows because its window ended, or
 * one written through another instance, reaches the cards within this time.
 */
export const SELLER_RATING_CACHE_MS = 30_000;

/** Past this many sellers the kept ratings start again, rather than keep every seller ever shown. */
const MAX_KEPT = 10_000;

interface KeptRating {
  rating: SellerRating;
  until: number;
}

const keptRatings = perDatabase(() => new Map<string, KeptRating>());

/**
 * The ratings of `sellerIds`, the kept ones as kept and the rest read with `read` in one call, then kept. `clock` is
 * the wall clock of the keeping, not the time the ratings are judged at.
 */
export async function cachedSellerRatings(
  db: Database,
  sellerIds: string[],
  read: (missing: string[]) => Promise<Map<string, SellerRating>>,
  clock = Date.now(),
): Promise<Map<string, SellerRating>> {
  const kept = keptRatings(db);
  const found = new Map<string, SellerRating>();
  const missing: string[] = [];
  for (const id of new Set(sellerIds)) {
    const entry = kept.get(id);
    if (entry && entry.until > clock) found.set(id, entry.rating);
    else missing.push(id);
  }
  if (missing.length === 0) return found;
  const fresh = await read(missing);
  if (kept.size + missing.length > MAX_KEPT) kept.clear();
  for (const id of missing) {
    const rating = fresh.get(id);
    if (!rating) continue;
    kept.set(id, { rating, until: clock + SELLER_RATING_CACHE_MS });
    found.set(id, rating);
  }
  return found;
}

/** A review of this seller was written or hidden here: the next answer reads their rating again. */
export function forgetSellerRating(db: Database, sellerId: string | null) {
  // No seller (an account deleted since) has no rating kept.
  if (sellerId) keptRatings(db).delete(sellerId);
}
