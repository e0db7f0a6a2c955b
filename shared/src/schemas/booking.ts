import { z } from 'zod';
import './jitless-zod';
import {
  BOOKING_SORTS,
  BOOKING_STATUSES,
  DEFAULT_BOOKING_SORT,
  type BookingSort,
  type BookingStatus,
} from './booking-rules';
import { isPageWithinReach, MAX_LIST_DEPTH } from './catalog-rules';
import { emailSchema, idSchema, nonEmptyText, pageQueryFields } from './common';
import { formatCount } from './number-format';
import { wireRecordSchema } from './wire-record';

export const bookingStatusSchema = z.enum(BOOKING_STATUSES);

export const bookingSchema = wireRecordSchema.extend({
  /** The text the buyer's screen sent when booking (product.md §3), in their zone and unnamed: shown only as a fallback. */
  bookDate: z.string(),
  /** ISO 8601: when the booking was made, for screens to write in their reader's zone. */
  bookedAt: z.string(),
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
  /** Where the booking stands (decision 024); `paid` stays true from payment on, as before. */
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

/**
 * A page of My Orders (`GET /api/booking/orders`) or Booking Requests (`GET /api/booking/requests`): the
 * page counted from 0 and its size as the book list has them (product.md §9), an optional status, newest first
 * unless `sort=oldest`.
 */
export const bookingPageQuerySchema = z
  .object({
    ...pageQueryFields,
    status: z.enum(BOOKING_STATUSES, { message: `status must be one of ${BOOKING_STATUSES.join(', ')}` }).optional(),
    sort: z.enum(BOOKING_SORTS, { message: 'sort must be newest or oldest' }).default(DEFAULT_BOOKING_SORT),
  })
  .refine((query) => isPageWithinReach(query.page, query.size), {
    message: `page is too deep: a list shows its first ${formatCount(MAX_LIST_DEPTH)} bookings; filter to narrow it`,
    path: ['page'],
  });
export type BookingPageRequest = z.output<typeof bookingPageQuerySchema>;

/** What a client asks for a page of bookings; every field optional. */
export interface BookingPageQuery {
  page?: number;
  size?: number;
  status?: BookingStatus;
  sort?: BookingSort;
}

export const bookingPageSchema = z.object({
  bookings: z.array(bookingSchema),
  /** How many bookings the status filter finds, for the pages. */
  count: z.number().int().nonnegative(),
  /** How many of the person's bookings wait for payment, whatever the filter. */
  waiting: z.number().int().nonnegative(),
});
export type BookingPage = z.infer<typeof bookingPageSchema>;
