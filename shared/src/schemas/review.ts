import { z } from 'zod';
import './jitless-zod';
import { isWellFormedText, pageQueryFields } from './common';
import { wireRecordSchema } from './wire-record';

/** Days after the hand-over in which each party may review the other (decision 034). */
export const REVIEW_WINDOW_DAYS = 14;
/** Longest review text, in characters after trimming; the text may be empty. */
export const REVIEW_TEXT_MAX = 1000;

export const REVIEW_PARTIES = ['buyer', 'seller'] as const;
export type ReviewParty = (typeof REVIEW_PARTIES)[number];

/** What a party writes: 1 to 5 stars and a plain text of at most REVIEW_TEXT_MAX characters, possibly empty. */
export const reviewBodySchema = z.object({
  stars: z
    .number({ message: 'stars must be a whole number from 1 to 5' })
    .int('stars must be a whole number from 1 to 5')
    .min(1, 'stars must be a whole number from 1 to 5')
    .max(5, 'stars must be a whole number from 1 to 5'),
  text: z
    .string()
    .trim()
    .max(REVIEW_TEXT_MAX, `must be at most ${REVIEW_TEXT_MAX} characters`)
    .refine((text) => isWellFormedText(text) && !text.includes('\u0000'), 'has a character that is not valid text')
    .default(''),
});
export type ReviewBody = z.input<typeof reviewBodySchema>;

/** One review as others read it: plain text, never HTML. */
export const reviewSchema = wireRecordSchema.extend({
  /** Who wrote it: the booking's buyer (of the seller) or its seller (of the buyer). */
  authorParty: z.enum(REVIEW_PARTIES),
  authorName: z.string(),
  stars: z.number().int().min(1).max(5),
  text: z.string(),
  /** ISO 8601. */
  writtenAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** A seller's rating: the average stars of their buyers' visible reviews (one decimal), and how many. */
export const sellerRatingSchema = z.object({
  average: z.number().nullable(),
  count: z.number().int().nonnegative(),
});
export type SellerRating = z.infer<typeof sellerRatingSchema>;

export const sellerReviewsQuerySchema = z.object(pageQueryFields);
export type SellerReviewsQuery = z.input<typeof sellerReviewsQuerySchema>;

/** A page of a seller's visible reviews by their buyers, newest first, with the rating over all of them. */
export const sellerReviewsSchema = z.object({
  rating: sellerRatingSchema,
  reviews: z.array(reviewSchema),
});
export type SellerReviews = z.infer<typeof sellerReviewsSchema>;

/** A booking's reviews as one of its parties sees them. */
export const bookingReviewsSchema = z.object({
  bookingId: z.string(),
  book_name: z.string(),
  /** The caller's side of the booking. */
  party: z.enum(REVIEW_PARTIES),
  /** The other party's name, as the booking copied it. */
  otherName: z.string(),
  /** ISO 8601: the last moment a review may be written; null before the hand-over. */
  windowEndsAt: z.string().nullable(),
  /** True while the caller may still write theirs: handed over, within the window, not written yet. */
  canWrite: z.boolean(),
  /** Both reviews are shown: both are written or the window ended. */
  visible: z.boolean(),
  mine: reviewSchema.nullable(),
  theirsWritten: z.boolean(),
  /** The other party's review, once visible (and not hidden by an admin). */
  theirs: reviewSchema.nullable(),
});
export type BookingReviews = z.infer<typeof bookingReviewsSchema>;

/** A review as the admin's Reviews screen lists it. */
export const adminReviewSchema = reviewSchema.extend({
  bookingId: z.string(),
  book_name: z.string(),
  /** The reviewed person's name, as the booking copied it. */
  subjectName: z.string(),
  hidden: z.boolean(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
