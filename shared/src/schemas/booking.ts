import { z } from 'zod';
import { emailSchema, idSchema, nonEmptyText } from './common';

/**
 * Where a booking stands (issue 21). Only a booking waiting for payment can be paid, cancelled by its buyer or
 * declined by the seller; only a paid one can be handed over. When one buyer pays, the book's other waiting
 * bookings become sold to another buyer.
 */
export const BOOKING_STATUSES = [
  'waiting-for-payment',
  'paid',
  'cancelled-by-buyer',
  'declined',
  'sold-to-another-buyer',
  'handed-over',
] as const;
export const bookingStatusSchema = z.enum(BOOKING_STATUSES);
export type BookingStatus = z.infer<typeof bookingStatusSchema>;

/** What people read for each status, on My Orders and Booking Requests alike. */
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  'waiting-for-payment': 'Waiting for payment',
  paid: 'Paid',
  'cancelled-by-buyer': 'Cancelled by buyer',
  declined: 'Declined',
  'sold-to-another-buyer': 'Sold to another buyer',
  'handed-over': 'Handed over',
};

/** Why a booking that is not waiting for payment cannot be paid (the payment screen says it instead of a card form). */
export const NOT_PAYABLE_REASONS: Record<Exclude<BookingStatus, 'waiting-for-payment'>, string> = {
  paid: 'This booking is already paid',
  'cancelled-by-buyer': 'You cancelled this booking, so there is nothing to pay',
  declined: 'The seller declined this booking, so it cannot be paid',
  'sold-to-another-buyer': 'This book is already sold',
  'handed-over': 'This booking is paid and the book was handed over',
};

/** A booking still open: waiting for payment, or paid and not yet handed over. Its buyer cannot book the book again. */
export function isOpenBooking(status: BookingStatus): boolean {
  return status === 'waiting-for-payment' || status === 'paid';
}

export const bookingSchema = z.object({
  _id: z.string(),
  bookDate: z.string(),
  category_name: z.string(),
  /** Holds the product id, as in product.md §3. */
  category_id: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  user_uid: z.string(),
  book_name: z.string(),
  img: z.string(),
  price: z.string(),
  phone: z.string(),
  meetingLocation: z.string(),
  paid: z.boolean(),
  /** Issue 21: where the booking stands; `paid` stays true from payment on, as before. */
  status: bookingStatusSchema,
  /** Whom the buyer meets: the seller's name and the phone of the listing, copied when the book was booked. */
  sellerName: z.string(),
  sellerPhone: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

/**
 * The body of product.md §7's booking call. The server trusts only category_id (the product), phone and
 * meeting location: name, image and price are copied from the product, the buyer from the token.
 */
export const createBookingBodySchema = z.object({
  bookDate: z.string().trim().max(100).default(''),
  category_name: z.string().max(200).default(''),
  category_id: idSchema,
  buyerName: z.string().trim().max(100).default(''),
  buyerEmail: emailSchema.optional(),
  user_uid: z.string().max(128).default(''),
  book_name: z.string().max(200).default(''),
  img: z.string().max(2000).default(''),
  price: z.string().max(20).default(''),
  phone: nonEmptyText(40).regex(/^[+()\d\s-]{5,40}$/, 'phone must be a phone number'),
  meetingLocation: nonEmptyText(300),
});
export type CreateBookingBody = z.input<typeof createBookingBodySchema>;

export const myBookingsQuerySchema = z.object({ email: emailSchema });
