import type { NotificationKind } from '../schemas';
import { bookingKeys } from './bookings';
import { apiQuery } from './api-query';
import { inFamily } from './cache-keys';
import { apiRequest } from './api-client';
import { API_CALLS, apiPath } from '../schemas/api-calls';

const { notifications, readNotification, readAllNotifications } = API_CALLS;

/** The signed-in person's newest notifications and how many are unread. */
export const getNotifications = () => apiRequest(apiPath(notifications), { auth: true, answer: notifications.answer });

export const markNotificationRead = (id: string) =>
  apiRequest(apiPath(readNotification, { id }), {
    method: readNotification.method,
    auth: true,
    answer: readNotification.answer,
  });

/** Every unread notification of the signed-in person, at once. */
export const markAllNotificationsRead = () =>
  apiRequest(apiPath(readAllNotifications), {
    method: readAllNotifications.method,
    auth: true,
    answer: readAllNotifications.answer,
  });

export const notificationKeys = {
  all: inFamily('notifications'),
  mine: (email: string) => ['notifications', 'mine', email] as const,
};

/** What screens read of notifications: the signed-in person's, under their email, beside the call. */
export const notificationQueries = {
  mine: (email: string) => apiQuery(notificationKeys.mine(email), getNotifications),
};

/** A seller's own listings (My Product), whatever their email: `productKeys.mine(email)`. */
const ownListings = (key: unknown) => inFamily('products')(key) && (key as unknown[])[1] === 'mine';

/**
 * The one place that says which lists a notification makes stale: when the bell sees a new one, these
 * refetch, so Booking Requests, My Orders and My Product show the change without a reload. Bookings are one family
 * (My Orders, Booking Requests, the storefront's "Booked by you" all read it).
 */
const LISTS_CONCERNED: Record<NotificationKind, readonly ((key: unknown) => boolean)[]> = {
  'new-booking': [bookingKeys.all],
  'booking-cancelled': [bookingKeys.all],
  'booking-declined': [bookingKeys.all],
  'sold-to-another-buyer': [bookingKeys.all],
  'payment-receipt': [bookingKeys.all],
  // The seller's listing reads sold on My Product once paid.
  'booking-paid': [bookingKeys.all, ownListings],
  'handed-over': [bookingKeys.all],
  'listing-hidden': [ownListings],
  'listing-deleted': [ownListings],
  // A row's review state (decision 034): the invitation comes with the hand-over.
  'review-invite': [bookingKeys.all, inFamily('reviews')],
  'review-reminder': [inFamily('reviews')],
  // A digest of new books changes no list the person has open: they open the search from its link.
  'saved-search-match': [],
};

/** The cache filters of the lists that notifications of these kinds concern, each once, for `mutate`. */
export function listsConcernedBy(kinds: Iterable<NotificationKind>): ((key: unknown) => boolean)[] {
  return [...new Set([...kinds].flatMap((kind) => LISTS_CONCERNED[kind]))];
}
