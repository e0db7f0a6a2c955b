import {
  formatDateTimeUtc,
  REVIEW_WINDOW_DAYS,
  type AdminReview,
  type BookingReviews,
  type InsertResult,
  type ReviewBody,
  type SellerProfile,
  type SellerRating,
  type SellerReviews,
  type UpdateResult,
} from '@bookswap/shared/schemas';
import type { Database, Queryable } from '../db/database';
import { conflict, HttpError, notFound } from '../errors/http-error';
import { insertAuditEntry } from '../repositories/audit-repository';
import { bookingByIdForShare, type BookingRow } from '../repositories/bookings-repository';
import {
  countReviewsSince,
  hideReview,
  insertReviewIfNew,
  lockAuthorReviews,
  newestReviews,
  ratingsOfSellers,
  reviewById,
  reviewsOfBooking,
  shownReviewsOfSeller,
} from '../repositories/reviews-repository';
import { userById } from '../repositories/users-repository';
import { bookingOfParty, type Party } from './booking-parties';
import type { SignedInCaller } from './callers';
import { reviewWindowEnd } from './review-window';
import { cachedSellerRatings, forgetSellerRating } from './seller-rating-cache';
import { adminReviewToWire, reviewToWire } from './wire';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The admin's list of reviews: the newest. */
const ADMIN_REVIEW_LIST_LIMIT = 500;
const NOT_A_PARTY = 'Only the buyer and the seller of a booking can review it';

const otherParty = (party: Party): Party => (party === 'buyer' ? 'seller' : 'buyer');

/** What a review is judged on: the booking as its locked row holds it, the writer's side, and the time. */
interface ReviewFacts {
  booking: BookingRow;
  party: Party;
  now: Date;
}

/** The rules a review must pass, in order: each refuses with the words the writer reads, or lets it through. */
const REVIEW_RULES: ((facts: ReviewFacts) => HttpError | undefined)[] = [
  ({ booking }) =>
    booking.status === 'handed-over' && booking.handedOverAt
      ? undefined
      : conflict('Only a booking that was handed over can be reviewed', 'id'),
  ({ booking, now }) => {
    const end = reviewWindowEnd(booking.handedOverAt!);
    return now < end
      ? undefined
      : conflict(`The ${REVIEW_WINDOW_DAYS} days to review this booking ended on ${formatDateTimeUtc(end)}`, 'id');
  },
];

/**
 * POST /api/booking/:id/review: a party of a handed-over booking reviews the other, once, within the window and the
 * daily quota. One transaction: the booking's row is held (`FOR SHARE`), the rules judged on it, the author's
 * reviews locked and counted, and the review written unless their side already wrote (the unique key decides).
 */
export async function writeReview(
  db: Database,
  reviewsPerDay: number,
  caller: SignedInCaller,
  bookingId: string,
  body: Required<ReviewBody>,
  now = new Date(),
): Promise<InsertResult> {
  const written = await db.transaction(async (tx) => {
    const { booking, party } = await bookingOfParty(tx, caller, bookingId, NOT_A_PARTY, bookingByIdForShare);
    for (const rule of REVIEW_RULES) {
      const refusal = rule({ booking, party, now });
      if (refusal) throw refusal;
    }
    await lockAuthorReviews(tx, caller.user.id);
    if ((await countReviewsSince(tx, caller.user.id, new Date(now.getTime() - DAY_MS))) >= reviewsPerDay) {
      throw new HttpError(429, `You have written the ${reviewsPerDay} reviews a day allows; try again tomorrow`);
    }
    const id = await insertReviewIfNew(tx, {
      bookingId: booking.id,
      authorParty: party,
      authorId: caller.user.id,
      authorName: caller.user.name,
      subjectId: party === 'buyer' ? booking.sellerId : booking.buyerId,
      stars: body.stars,
      body: body.text,
    });
    if (!id) throw conflict('You have already reviewed this booking', 'id');
    return { id, sellerId: booking.sellerId };
  });
  // Either review may be the second, which shows both: the seller's average may change now.
  forgetSellerRating(db, written.sellerId);
  return { acknowledged: true, insertedId: written.id };
}

/** GET /api/booking/:id/review: the booking's reviews as one of its parties sees them (double-blind). */
export async function bookingReviews(
  db: Database,
  caller: SignedInCaller,
  bookingId: string,
  now = new Date(),
): Promise<BookingReviews> {
  const { booking, party } = await bookingOfParty(db, caller, bookingId, NOT_A_PARTY);
  const written = await reviewsOfBooking(db, booking.id);
  const mine = written.find((review) => review.authorParty === party);
  const theirs = written.find((review) => review.authorParty === otherParty(party));
  const windowEndsAt = booking.handedOverAt ? reviewWindowEnd(booking.handedOverAt) : null;
  const windowOpen = booking.status === 'handed-over' && windowEndsAt !== null && now < windowEndsAt;
  const visible = windowEndsAt !== null && ((mine !== undefined && theirs !== undefined) || now >= windowEndsAt);
  return {
    bookingId: booking.id,
    book_name: booking.title,
    party,
    otherName: party === 'buyer' ? booking.sellerName : booking.buyerName,
    windowEndsAt: windowEndsAt?.toISOString() ?? null,
    canWrite: windowOpen && !mine,
    visible,
    mine: mine ? reviewToWire(mine) : null,
    theirsWritten: theirs !== undefined,
    theirs: visible && theirs && !theirs.hiddenAt ? reviewToWire(theirs) : null,
  };
}

/** A rating as the wire shows it: the average to one decimal, null without reviews. */
export const ratingToWire = (rating: { average: number; count: number } | undefined): SellerRating =>
  rating ? { average: Math.round(rating.average * 10) / 10, count: rating.count } : { average: null, count: 0 };

/** The ratings of several sellers at once (a page of book cards), by seller id: one for every id asked. */
export async function sellerRatings(
  db: Queryable,
  sellerIds: string[],
  now = new Date(),
): Promise<Map<string, SellerRating>> {
  const asked = [...new Set(sellerIds)];
  const ratings = await ratingsOfSellers(db, asked, now);
  return new Map(asked.map((id) => [id, ratingToWire(ratings.get(id))]));
}

/** The ratings the public lists and details carry: `sellerRatings`, kept a short while (`seller-rating-cache.ts`). */
export function listedSellerRatings(db: Database, sellerIds: string[]): Promise<Map<string, SellerRating>> {
  return cachedSellerRatings(db, sellerIds, (missing) => sellerRatings(db, missing));
}

/**
 * GET /api/seller/:id: a seller's public profile. Anyone but a seller (a buyer, an admin, a deleted account) is
 * "no seller", as for the public lists, which show sellers' listings only.
 */
export async function sellerProfile(db: Database, sellerId: string, now = new Date()): Promise<SellerProfile> {
  const seller = await userById(db, sellerId);
  if (!seller || seller.role !== 'seller') throw notFound('No seller with this id');
  const [rating] = (await sellerRatings(db, [seller.id], now)).values();
  return {
    _id: seller.id,
    name: seller.name,
    verified: seller.verified,
    memberSince: seller.createdAt.toISOString(),
    rating: rating ?? ratingToWire(undefined),
  };
}

/** GET /api/seller/:id/reviews: a page of a seller's shown reviews by their buyers, with their rating. Public. */
export async function sellerReviews(
  db: Database,
  sellerId: string,
  page: { page: number; size: number },
  now = new Date(),
): Promise<SellerReviews> {
  const seller = await userById(db, sellerId);
  if (!seller) throw notFound('No seller with this id');
  const [ratings, rows] = await Promise.all([
    ratingsOfSellers(db, [seller.id], now),
    shownReviewsOfSeller(db, seller.id, now, { offset: page.page * page.size, limit: page.size }),
  ]);
  return { rating: ratingToWire(ratings.get(seller.id)), reviews: rows.map(reviewToWire) };
}

/** GET /api/review/list: the newest reviews, hidden ones and those not shown yet too, for admins. */
export async function reviewsForAdmins(db: Database): Promise<AdminReview[]> {
  return (await newestReviews(db, ADMIN_REVIEW_LIST_LIMIT)).map(({ review, booking }) =>
    adminReviewToWire(review, booking),
  );
}

/** PUT /api/review/hide/:id: an admin hides a review: shown to no one, left out of averages; audited with it. */
export async function hideReviewAsAdmin(db: Database, admin: SignedInCaller, id: string): Promise<UpdateResult> {
  const hidden = await db.transaction(async (tx) => {
    const hidden = await hideReview(tx, id);
    if (!hidden) {
      throw (await reviewById(tx, id))
        ? conflict('This review is already hidden', 'id')
        : notFound('No review with this id');
    }
    await insertAuditEntry(tx, admin.user, 'hide', {
      type: 'review',
      id: hidden.id,
      name: `${hidden.authorName}: ${hidden.stars} ★`,
    });
    return hidden;
  });
  forgetSellerRating(db, hidden.subjectId);
  return { acknowledged: true, modifiedCount: 1 };
}
