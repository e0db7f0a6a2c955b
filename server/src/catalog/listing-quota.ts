import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { products } from '../db/schema';
import { HttpError } from '../http/http-error';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A seller lists at most `perDay` books in any 24 hours (LISTINGS_PER_DAY; issue 23: nothing bounded it). Inside the
 * listing's transaction, one seller's listings are counted one at a time, so parallel requests cannot slip past.
 */
export async function refuseOverListingQuota(tx: Queryable, sellerId: string, perDay: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`listing:${sellerId}`}))`);
  const [listed] = await tx
    .select({ books: count() })
    .from(products)
    .where(and(eq(products.sellerId, sellerId), gt(products.listedAt, new Date(Date.now() - DAY_MS))));
  if (Number(listed?.books ?? 0) >= perDay)
    throw new HttpError(429, `You have listed the ${perDay} books a day allows; try again tomorrow`);
}
