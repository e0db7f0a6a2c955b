import { z } from 'zod';
import './jitless-zod';
import { wireRecordSchema } from './wire-record';

/**
 * What a person is told (decision 024): a seller of a new booking of their book, a buyer's cancellation, the buyer's
 * payment, an admin hiding or deleting their listing; a buyer of a decline, a sale to another buyer, their payment's
 * receipt, the book handed over; both parties of a hand-over, invited to review each other and reminded once; anyone
 * of new listings matching a search they saved (decision 035).
 */
export const NOTIFICATION_KINDS = [
  'new-booking',
  'booking-cancelled',
  'booking-declined',
  'sold-to-another-buyer',
  'payment-receipt',
  'listing-hidden',
  'listing-deleted',
  'booking-paid',
  'handed-over',
  'review-invite',
  'review-reminder',
  'saved-search-match',
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = wireRecordSchema.extend({
  kind: notificationKindSchema,
  /** One line, e.g. "New booking: Gitanjali". */
  title: z.string(),
  /** The details: buyer, phone and meeting place of a booking; the report's reason of a hidden listing. */
  body: z.string(),
  /** The screen it concerns (a path of the route table). */
  link: z.string(),
  read: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number().int().nonnegative(),
  /**
   * Unread messages in the person's booking threads, which the bell adds to `unread`. Reading a thread, not
   * read-all, clears them. 0 from a server without messages.
   */
  unreadMessages: z.number().int().nonnegative().default(0),
});
export type NotificationList = z.infer<typeof notificationListSchema>;
