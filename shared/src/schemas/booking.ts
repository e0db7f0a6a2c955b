import { z } from 'zod';
import './jitless-zod';
import { BOOKING_STATUSES } from './booking-rules';
import { emailSchema, idSchema, nonEmptyText } from './common';
import { wireRecordSchema } from './wire-record';

export const bookingStatusSchema = z.enum(BOOKING_STATUSES);

export const bookingSchema = wireRecordSchema.extend({
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
