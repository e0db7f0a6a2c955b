import type { ReviewBody, SellerReviewsQuery } from '../schemas';
import { apiQuery } from './api-query';
import { inFamily } from './cache-keys';
import { apiRequest } from './api-client';
import { API_CALLS, apiPath } from '../schemas/api-calls';

const { bookingReviews, writeReview, sellerReviews, sellerProfile, adminReviews, hideReview: hide } = API_CALLS;

/** A booking's reviews as one of its parties sees them: theirs, whether the other wrote, the other's once shown. */
export const getBookingReviews = (bookingId: string) =>
  apiRequest(apiPath(bookingReviews, { id: bookingId }), { auth: true, answer: bookingReviews.answer });

/** Writes the signed-in party's review of the other party of a handed-over booking (once, within 14 days). */
export const writeBookingReview = (bookingId: string, body: ReviewBody) =>
  apiRequest(apiPath(writeReview, { id: bookingId }), {
    method: writeReview.method,
    auth: true,
    body,
    answer: writeReview.answer,
  });

/** A page of a seller's shown reviews by their buyers, newest first, with their average and count. Public. */
export const getSellerReviews = (sellerId: string, query: SellerReviewsQuery = {}) =>
  apiRequest(`${apiPath(sellerReviews, { id: sellerId })}?page=${query.page ?? 0}&size=${query.size ?? 5}`, {
    answer: sellerReviews.answer,
  });

/** A seller's public profile: name, verified, member since and rating (never their contact details). Public. */
export const getSellerProfile = (sellerId: string) =>
  apiRequest(apiPath(sellerProfile, { id: sellerId }), { answer: sellerProfile.answer });

/** Admin: the newest reviews, hidden ones too. */
export const getReviewsForAdmins = () => apiRequest(apiPath(adminReviews), { auth: true, answer: adminReviews.answer });

/** Admin: hides a review (audited); it leaves the seller's average. */
export const hideReview = (id: string) =>
  apiRequest(apiPath(hide, { id }), { method: hide.method, auth: true, answer: hide.answer });

/** Cache keys of the review GETs above; `all` after a review is written or hidden. */
export const reviewKeys = {
  all: inFamily('reviews'),
  booking: (bookingId: string) => ['reviews', 'booking', bookingId] as const,
  seller: (sellerId: string, page: number, size: number) => ['reviews', 'seller', sellerId, page, size] as const,
  // In the reviews' family: hiding a review changes the rating it shows.
  sellerProfile: (sellerId: string) => ['reviews', 'seller-profile', sellerId] as const,
  admin: () => ['reviews', 'admin'] as const,
};

/** What screens read of reviews: each query's key beside its call. */
export const reviewQueries = {
  booking: (bookingId: string) => apiQuery(reviewKeys.booking(bookingId), () => getBookingReviews(bookingId)),
  seller: (sellerId: string, page = 0, size = 5) =>
    apiQuery(reviewKeys.seller(sellerId, page, size), () => getSellerReviews(sellerId, { page, size })),
  sellerProfile: (sellerId: string) => apiQuery(reviewKeys.sellerProfile(sellerId), () => getSellerProfile(sellerId)),
  admin: () => apiQuery(reviewKeys.admin(), getReviewsForAdmins),
};
