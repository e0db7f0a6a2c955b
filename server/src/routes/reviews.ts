import {
  API_CALLS,
  idParamsSchema,
  reviewBodySchema,
  sellerReviewsQuerySchema,
  type AdminReview,
  type BookingReviews,
  type InsertResult,
  type SellerProfile,
  type SellerReviews,
} from '@bookswap/shared/schemas';
import { served } from '../http/api-call';
import { idAction } from '../http/id-action';
import { created, defineRoute } from '../http/route';
import {
  bookingReviews,
  hideReviewAsAdmin,
  reviewsForAdmins,
  sellerProfile,
  sellerReviews,
  writeReview,
} from '../services/reviews';

/** Reviews after hand-over between a booking's two parties (decision 034), a seller's reviews, and moderation. */
export const reviewRoutes = [
  defineRoute({
    ...served(API_CALLS.writeReview),
    access: 'user',
    rule: 'the booking’s buyer or its book’s seller, once each, within 14 days of the hand-over; 1 to 5 stars, text up to 1,000 characters (may be empty); REVIEWS_PER_DAY per author',
    rateLimit: 'write',
    params: idParamsSchema,
    body: reviewBodySchema,
    handler: ({ params, body, caller, reply }, { db, config }): Promise<InsertResult> =>
      created(reply, writeReview(db, config.reviewsPerDay, caller, params.id, body)),
  }),

  defineRoute({
    ...served(API_CALLS.bookingReviews),
    access: 'user',
    rule: 'the booking’s buyer or its book’s seller: theirs, whether the other wrote, and the other’s once both wrote or the 14 days ended',
    params: idParamsSchema,
    handler: ({ params, caller }, { db }): Promise<BookingReviews> => bookingReviews(db, caller, params.id),
  }),

  defineRoute({
    ...served(API_CALLS.sellerProfile),
    access: 'public',
    rule: 'anyone: a seller’s name, verified tick, member since and rating; never their email or phone; 404 for anyone not a seller',
    params: idParamsSchema,
    handler: ({ params }, { db }): Promise<SellerProfile> => sellerProfile(db, params.id),
  }),

  defineRoute({
    ...served(API_CALLS.sellerReviews),
    access: 'public',
    rule: 'anyone: a page of the seller’s shown reviews by their buyers, newest first, with their average and count',
    params: idParamsSchema,
    query: sellerReviewsQuerySchema,
    handler: ({ params, query }, { db }): Promise<SellerReviews> => sellerReviews(db, params.id, query),
  }),

  defineRoute({
    ...served(API_CALLS.adminReviews),
    access: 'admin',
    rule: 'the newest 500 reviews, hidden and not yet shown ones too',
    handler: (_input, { db }): Promise<AdminReview[]> => reviewsForAdmins(db),
  }),

  idAction({
    ...served(API_CALLS.hideReview),
    access: 'admin',
    rule: 'a review not hidden yet; shown to no one and left out of averages from then; audited',
    run: hideReviewAsAdmin,
  }),
];
