import { and, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { REVIEW_WINDOW_DAYS, type ReviewParty } from '@bookswap/shared/schemas';
import type { Queryable, Transaction } from '../db/database';
import { firstRow } from '../db/first-row';
import { newId } from '../db/ids';
import { bookings, reviewReminders, reviews, type BookingRow, type ReviewRow } from '../db/schema';
import { countSince, lockUntilCommit } from './row-statements';

/**
 * Reviews after hand-over (migration 0022, decision 034): the reviews, what of them is shown (double-blind), the
 * sellers' ratings, and the marks of the reminders sent.
 */

export type { ReviewRow };
export type NewReview = Pick<
  ReviewRow,
  'bookingId' | 'authorParty' | 'authorId' | 'authorName' | 'subjectId' | 'stars' | 'body'
>;

const WINDOW = sql`${REVIEW_WINDOW_DAYS} * interval '1 day'`;
const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/**
 * A review is shown once both parties of its booking wrote, or once the window after the hand-over ended; never
 * while an admin hides it. Read with `reviews` joined to its booking.
 */
function shownAt(now: Date): SQL {
  return and(
    isNull(reviews.hiddenAt),
    or(
      sql`${bookings.handedOverAt} + ${WINDOW} <= ${at(now)}`,
      sql`EXISTS (SELECT 1 FROM reviews AS other WHERE other.booking_id = ${reviews.bookingId} AND other.author_party <> ${reviews.authorParty})`,
    ),
  )!;
}

/** A seller's rating counts their buyers' reviews of them. */
const buyersReviewsOf = (sellerId: string) => and(eq(reviews.subjectId, sellerId), eq(reviews.authorParty, 'buyer'));

/** Writes the review unless its party already reviewed this booking; answers its id, or undefined. */
export async function insertReviewIfNew(db: Queryable, review: NewReview): Promise<string | undefined> {
  const [row] = await db
    .insert(reviews)
    .values({ id: newId(), ...review })
    .onConflictDoNothing()
    .returning({ id: reviews.id });
  return row?.id;
}

export function reviewsOfBooking(db: Queryable, bookingId: string): Promise<ReviewRow[]> {
  return db.select().from(reviews).where(eq(reviews.bookingId, bookingId));
}

export function reviewById(db: Queryable, id: string): Promise<ReviewRow | undefined> {
  return firstRow(db.select().from(reviews).where(eq(reviews.id, id)));
}

/** Serialises one author's reviews until the transaction ends, so parallel ones cannot slip past the quota. */
export const lockAuthorReviews = (tx: Queryable, authorId: string) => lockUntilCommit(tx, `review:${authorId}`);

export const countReviewsSince = (tx: Queryable, authorId: string, since: Date) =>
  countSince(tx, reviews, { owner: reviews.authorId, ownerId: authorId, at: reviews.createdAt, since });

/** The average stars (unrounded) and count of the sellers' shown reviews by their buyers, per seller asked. */
export async function ratingsOfSellers(
  db: Queryable,
  sellerIds: string[],
  now: Date,
): Promise<Map<string, { average: number; count: number }>> {
  if (sellerIds.length === 0) return new Map();
  const rows = await db
    .select({
      sellerId: reviews.subjectId,
      average: sql<string>`avg(${reviews.stars})`,
      count: sql<number>`count(*)`,
    })
    .from(reviews)
    .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
    .where(and(inArray(reviews.subjectId, sellerIds), eq(reviews.authorParty, 'buyer'), shownAt(now)))
    .groupBy(reviews.subjectId);
  return new Map(rows.map((row) => [row.sellerId!, { average: Number(row.average), count: Number(row.count) }]));
}

/** A page of a seller's shown reviews by their buyers, newest first. */
export function shownReviewsOfSeller(
  db: Queryable,
  sellerId: string,
  now: Date,
  page: { offset: number; limit: number },
): Promise<ReviewRow[]> {
  return db
    .select({ review: reviews })
    .from(reviews)
    .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
    .where(and(buyersReviewsOf(sellerId), shownAt(now)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(page.limit)
    .offset(page.offset)
    .then((rows) => rows.map((row) => row.review));
}

/** The newest `limit` reviews, hidden ones too, with their booking: the admin's list. */
export function newestReviews(db: Queryable, limit: number): Promise<{ review: ReviewRow; booking: BookingRow }[]> {
  return db
    .select({ review: reviews, booking: bookings })
    .from(reviews)
    .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}

/** Hides a review not hidden yet; answers it, or undefined when it was hidden already. */
export async function hideReview(tx: Transaction, id: string): Promise<ReviewRow | undefined> {
  const [row] = await tx
    .update(reviews)
    .set({ hiddenAt: new Date() })
    .where(and(eq(reviews.id, id), isNull(reviews.hiddenAt)))
    .returning();
  return row;
}

/** Bookings handed over between `from` (excluded) and `to` (included): those whose reminder may be due. */
export function handedOverBetween(db: Queryable, from: Date, to: Date, limit: number): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.status, 'handed-over'), gt(bookings.handedOverAt, from), lte(bookings.handedOverAt, to)))
    .orderBy(bookings.handedOverAt, bookings.id)
    .limit(limit);
}

/** Which parties of these bookings wrote their review, or were reminded already: none of them is reminded. */
export async function partiesDone(db: Queryable, bookingIds: string[]): Promise<Set<string>> {
  if (bookingIds.length === 0) return new Set();
  const [written, reminded] = await Promise.all([
    db
      .select({ bookingId: reviews.bookingId, party: reviews.authorParty })
      .from(reviews)
      .where(inArray(reviews.bookingId, bookingIds)),
    db
      .select({ bookingId: reviewReminders.bookingId, party: reviewReminders.party })
      .from(reviewReminders)
      .where(inArray(reviewReminders.bookingId, bookingIds)),
  ]);
  return new Set([...written, ...reminded].map((row) => partyKey(row.bookingId, row.party)));
}

export const partyKey = (bookingId: string, party: ReviewParty) => `${bookingId}:${party}`;

/**
 * Marks the party's reminder sent unless it was: true when this call marked it. A second instance marking the
 * same reminder waits for the first one's transaction and then finds it marked.
 */
export async function markReminderSent(tx: Transaction, bookingId: string, party: ReviewParty): Promise<boolean> {
  const rows = await tx
    .insert(reviewReminders)
    .values({ bookingId, party })
    .onConflictDoNothing()
    .returning({ bookingId: reviewReminders.bookingId });
  return rows.length > 0;
}
