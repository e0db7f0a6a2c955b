import type { Transaction } from '../db/database';
import { HttpError } from '../errors/http-error';
import { countListedSince, lockSellerListings } from '../repositories/products-repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A seller lists at most `perDay` books in any 24 hours (LISTINGS_PER_DAY: otherwise nothing bounds it). Inside the
 * listing's transaction, one seller's listings are counted one at a time, so parallel requests cannot slip past.
 */
export async function refuseOverListingQuota(tx: Transaction, sellerId: string, perDay: number): Promise<void> {
  await lockSellerListings(tx, sellerId);
  const listed = await countListedSince(tx, sellerId, new Date(Date.now() - DAY_MS));
  if (listed >= perDay)
    throw new HttpError(429, `You have listed the ${perDay} books a day allows; try again tomorrow`);
}
