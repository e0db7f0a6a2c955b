import type { SellerRating } from '@bookswap/shared/schemas';
import type { Database } from '../db/database';
import { cachedSellerRatings, forgetSellerRating, SELLER_RATING_CACHE_MS } from './seller-rating-cache';

const rating = (average: number): SellerRating => ({ average, count: 1 });

/** A reader of ratings that records each call's sellers and answers `average` for each. */
function ratingsReader(average = 4) {
  const calls: string[][] = [];
  return {
    calls,
    read: async (missing: string[]) => {
      calls.push(missing);
      return new Map(missing.map((id) => [id, rating(average)]));
    },
  };
}

describe('the ratings the public lists carry, kept a short while', () => {
  // Each test its own database handle: the kept ratings are per server.
  let db: Database;
  beforeEach(() => {
    db = {} as Database;
  });

  it('reads the sellers it does not keep in one call, and answers a repeat from what it kept', async () => {
    const reader = ratingsReader();
    const first = await cachedSellerRatings(db, ['a', 'b', 'a'], reader.read, 1_000);
    const second = await cachedSellerRatings(db, ['b', 'c'], reader.read, 2_000);
    expect(reader.calls).toEqual([['a', 'b'], ['c']]);
    expect([...first.keys()].sort()).toEqual(['a', 'b']);
    expect(second.get('b')).toEqual(rating(4));
  });

  it('reads a seller again once the keeping time has passed', async () => {
    const reader = ratingsReader();
    await cachedSellerRatings(db, ['a'], reader.read, 0);
    await cachedSellerRatings(db, ['a'], reader.read, SELLER_RATING_CACHE_MS - 1);
    await cachedSellerRatings(db, ['a'], reader.read, SELLER_RATING_CACHE_MS);
    expect(reader.calls).toEqual([['a'], ['a']]);
  });

  it('reads a seller again at once after a review of theirs was written or hidden here', async () => {
    await cachedSellerRatings(db, ['a'], ratingsReader(3).read, 0);
    forgetSellerRating(db, 'a');
    const after = await cachedSellerRatings(db, ['a'], ratingsReader(5).read, 1);
    expect(after.get('a')).toEqual(rating(5));
  });

  it('keeps each server apart', async () => {
    const reader = ratingsReader();
    await cachedSellerRatings(db, ['a'], reader.read, 0);
    await cachedSellerRatings({} as Database, ['a'], reader.read, 0);
    expect(reader.calls).toEqual([['a'], ['a']]);
  });
});
