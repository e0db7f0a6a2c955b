import { auditKeys } from './audit';
import { markBookingThreadRead, messageKeys, reportBookingMessage, sendBookingMessage } from './booking-messages';
import { cancelBooking, createBooking, declineBooking, markBookingHandedOver } from './booking-writes';
import { bookingKeys } from './bookings';
import { markAllNotificationsRead, markNotificationRead, notificationKeys } from './notifications';
import { createPaymentRecord } from './payments';
import { advertiseProduct, createProduct, deleteProduct, editProduct } from './product-writes';
import { productKeys } from './products';
import { releaseKeys, rollBackRelease } from './releases';
import { hideReview, reviewKeys, writeBookingReview } from './reviews';
import { deleteSavedSearch, saveSearch, savedSearchKeys } from './saved-searches';
import { createReport, dismissReport, hideReportedProduct, reportKeys } from './reports';
import { deleteUser, verifySeller } from './user-writes';
import { userKeys } from './users';

/** Matches cached answers of one family of GETs (`productKeys.all`, ...). */
export type StaleFilter = (key: unknown) => boolean;

/**
 * A write paired with the cached lists it makes stale: the one place that decides what refetches after it, so no
 * screen does (bulletproof-react pairs a call and its invalidation the same way). `changed` reads how many records
 * the server changed, for writes that answer a count; the others answer `acknowledged`.
 */
export interface ApiWrite<Input, Result> {
  send(input: Input): Promise<Result>;
  stale: readonly StaleFilter[];
  changed?(result: Result): number;
}

const write = <Input, Result>(definition: ApiWrite<Input, Result>) => definition;

// A user's record feeds the seller and buyer lists, the listings' tick and seller name, and the audit log.
const USER_RECORD = [userKeys.all, productKeys.all, auditKeys.all];
// Moderating a report changes reports, the product's flags (and public lists, when hidden) and the audit log.
const MODERATION = [reportKeys.all, productKeys.all, auditKeys.all];
/** The message reads of these kinds (`messageKeys`' second part): a thread, the unread counts, the admin's reports. */
const messageReads =
  (...kinds: ('thread' | 'unread' | 'reports' | 'reported-thread')[]) =>
  (key: unknown) =>
    messageKeys.all(key) && kinds.includes((key as unknown[])[1] as (typeof kinds)[number]);

export const writes = {
  /** A new listing is on the seller's list, the book list, its category and its details. */
  createProduct: write({ send: createProduct, stale: [productKeys.all] }),
  advertiseProduct: write({
    send: advertiseProduct,
    stale: [productKeys.all],
    changed: (result) => result.modifiedCount,
  }),
  /** An edit shows in every list and detail of the book, and as an entry in the admin's audit log. */
  editProduct: write({ send: editProduct, stale: [productKeys.all, auditKeys.all] }),
  deleteProduct: write({ send: deleteProduct, stale: [productKeys.all], changed: (result) => result.deletedCount }),
  /** A booking shows in the buyer's My Orders (checkout remote). */
  createBooking: write({ send: createBooking, stale: [bookingKeys.all] }),
  /** A payment makes the booking paid and the book sold, and brings the buyer a receipt. */
  createPaymentRecord: write({
    send: createPaymentRecord,
    stale: [bookingKeys.all, productKeys.all, notificationKeys.all],
  }),
  /** The buyer's My Orders and the seller's Booking Requests show the new status. */
  cancelBooking: write({ send: cancelBooking, stale: [bookingKeys.all], changed: (result) => result.modifiedCount }),
  declineBooking: write({ send: declineBooking, stale: [bookingKeys.all], changed: (result) => result.modifiedCount }),
  markBookingHandedOver: write({
    send: markBookingHandedOver,
    stale: [bookingKeys.all],
    changed: (result) => result.modifiedCount,
  }),
  /** The thread shows the new message (decision 030). */
  sendBookingMessage: write({
    send: ({ bookingId, text }: { bookingId: string; text: string }) => sendBookingMessage(bookingId, { text }),
    stale: [messageReads('thread')],
  }),
  /** The rows' unread counts and the bell's count drop: the bell's answer carries the unread messages. */
  markBookingThreadRead: write({
    send: markBookingThreadRead,
    stale: [messageReads('thread', 'unread'), notificationKeys.all],
    changed: (result) => result.modifiedCount,
  }),
  /** A report lets admins read the thread; it joins their list of reported messages. */
  reportBookingMessage: write({
    send: ({ bookingId, messageId, reason }: { bookingId: string; messageId: string; reason: string }) =>
      reportBookingMessage(bookingId, messageId, { reason }),
    stale: [messageReads('reports', 'reported-thread')],
  }),
  /** The booking's review state shows it sent (and both reviews once the other wrote); a seller's page may change. */
  writeBookingReview: write({
    send: ({ bookingId, stars, text }: { bookingId: string; stars: number; text: string }) =>
      writeBookingReview(bookingId, { stars, text }),
    stale: [reviewKeys.all],
  }),
  /** The review leaves every list and average, and the hiding joins the audit log. */
  hideReview: write({ send: hideReview, stale: [reviewKeys.all, auditKeys.all], changed: (r) => r.modifiedCount }),
  /** The buyer's Saved Searches list (decision 035). */
  saveSearch: write({ send: saveSearch, stale: [savedSearchKeys.all] }),
  deleteSavedSearch: write({
    send: deleteSavedSearch,
    stale: [savedSearchKeys.all],
    changed: (result) => result.deletedCount,
  }),
  /** The list and its unread count. */
  markNotificationRead: write({
    send: markNotificationRead,
    stale: [notificationKeys.all],
    changed: (result) => result.modifiedCount,
  }),
  markAllNotificationsRead: write({
    send: markAllNotificationsRead,
    stale: [notificationKeys.all],
    changed: (result) => result.modifiedCount,
  }),
  /** A report joins the admin's report table and flags the listing. */
  createReport: write({ send: createReport, stale: [reportKeys.all, productKeys.all] }),
  hideReportedProduct: write({ send: hideReportedProduct, stale: MODERATION, changed: (r) => r.modifiedCount }),
  dismissReport: write({ send: dismissReport, stale: MODERATION, changed: (result) => result.modifiedCount }),
  verifySeller: write({ send: verifySeller, stale: USER_RECORD, changed: (result) => result.modifiedCount }),
  deleteUser: write({ send: deleteUser, stale: USER_RECORD, changed: (result) => result.deletedCount }),
  /** The Releases screen's figures, rollout and history; it answers the remote's overview, not a count. */
  /** The release history and the audit log. */
  rollBackRelease: write({ send: rollBackRelease, stale: [releaseKeys.all, auditKeys.all] }),
};
