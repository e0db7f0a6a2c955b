import type { z } from 'zod';
import {
  BOOKING_STATUS_LABELS,
  type Booking,
  type BookingPage,
  type BookingPageRequest,
  type createBookingBodySchema,
  type InsertResult,
  type UpdateResult,
} from '@bookswap/shared/schemas';
import type { Database, Transaction } from '../db/database';
import { conflict, forbidden, notFound } from '../errors/http-error';
import {
  bookingById,
  bookingByIdForUpdate,
  bookingsOfBuyer,
  insertBooking,
  moveBookingStatus,
  pageOfBookings,
  type BookingsOf,
  type BookingRow,
  type BookingStamps,
  type BookingStatus,
} from '../repositories/bookings-repository';
import type { BookingLimits } from '../config';
import { bookingRefusal } from './booking-limits';
import type { SignedInCaller } from './callers';
import { visibleListing } from './catalog/public-lists';
import {
  cancellationNotice,
  declineNotice,
  handedOverNotice,
  newBookingNotice,
  reviewNotice,
  type Notice,
} from './notices';
import { notify, sellerOf } from './notify';
import { centsOf } from './price';
import { reviewWindowEnd } from './review-window';
import { bookingToWire, longDateTime, type WireContext } from './wire';

/** product.md §7's list of the caller's own bookings, oldest first; `?email=` must be the caller's own. */
export async function myBookings(db: Database, wire: WireContext, caller: SignedInCaller, email: string) {
  if (email !== caller.user.email) throw forbidden('You can only list your own bookings');
  return (await bookingsOfBuyer(db, caller.user.email)).map((row) => bookingToWire(row, wire));
}

/** One booking, for its buyer or an admin. */
export async function bookingFor(
  db: Database,
  wire: WireContext,
  caller: SignedInCaller,
  id: string,
): Promise<Booking> {
  const row = await bookingById(db, id);
  if (!row) throw notFound('No booking with this id');
  if (caller.user.role !== 'admin' && row.buyerEmail !== caller.user.email) {
    throw forbidden('You can only read your own bookings');
  }
  return bookingToWire(row, wire);
}

type CreateBookingBody = z.output<typeof createBookingBodySchema>;

/**
 * Books a book that is not the caller's own and not sold, once per buyer and book and within the buyer's limits
 * (services/booking-limits.ts); name, image and price are copied from the listing.
 */
export async function bookBook(
  db: Database,
  limits: BookingLimits,
  caller: SignedInCaller,
  body: CreateBookingBody,
): Promise<InsertResult> {
  // The listing as of a read that started after this request arrived (cached under the catalog version).
  // No transaction around it and the insert: one would hold no lock and change nothing (READ COMMITTED,
  // no FOR UPDATE), only cost two more round trips.
  const product = await visibleListing(db, body.category_id);
  if (!product) throw notFound('No product with this id');
  if (product.sold) throw conflict('This book is already sold', 'category_id');
  if (product.sellerId === caller.user.id) throw forbidden('You cannot book your own book');
  const booking = {
    productId: product.id,
    buyerId: caller.user.id,
    buyerEmail: caller.user.email,
    buyerName: caller.user.name,
    buyerUid: caller.uid,
    title: product.title,
    imageUrl: product.imageUrl,
    categoryName: product.categoryName,
    price: product.resalePrice,
    priceCents: centsOf(product.resalePrice),
    phone: body.phone,
    meetingLocation: body.meetingLocation,
    // Display text only; the booking's real time is created_at.
    bookedAtText: body.bookDate || longDateTime(new Date()),
    sellerId: product.sellerId,
    sellerName: product.sellerName,
    sellerPhone: product.phone,
  };
  // The seller's notification and email are written with the booking (decision 024).
  const notice = newBookingNotice(booking, { id: product.sellerId ?? '', email: product.sellerEmail });
  // The buyer's limits and their open bookings are judged in the booking's own statement (decision 041).
  const outcome = await insertBooking(db, booking, { notification: notice.notification, email: notice.email! }, limits);
  if ('refused' in outcome) {
    if (outcome.refused === 'already-booked') throw conflict('You have already booked this book', 'category_id');
    throw bookingRefusal(limits, outcome);
  }
  return { acknowledged: true, insertedId: outcome.id };
}

async function bookingPage(
  db: Database,
  wire: WireContext,
  of: BookingsOf,
  query: BookingPageRequest,
): Promise<BookingPage> {
  const { rows, count, waiting } = await pageOfBookings(db, of, {
    status: query.status,
    sort: query.sort,
    offset: query.page * query.size,
    limit: query.size,
  });
  return { bookings: rows.map((row) => bookingToWire(row, wire)), count, waiting };
}

/** My Orders: a page of the caller's own bookings, newest first unless asked, of one status or all. */
export function myOrders(db: Database, wire: WireContext, caller: SignedInCaller, query: BookingPageRequest) {
  return bookingPage(db, wire, { buyerEmail: caller.user.email }, query);
}

/** Booking Requests: a page of the bookings of the signed-in seller's own books, newest first unless asked. */
export function bookingRequests(db: Database, wire: WireContext, seller: SignedInCaller, query: BookingPageRequest) {
  return bookingPage(db, wire, { sellerId: seller.user.id }, query);
}

type BookingChange = {
  /** Who may make it, checked on the locked row. */
  allowed(booking: BookingRow, caller: SignedInCaller): boolean;
  refusal: string;
  /** Said when the booking is not in `from`. */
  wrongStatus: string;
  from: BookingStatus;
  to: BookingStatus;
  /** What it records besides the status. */
  also?: BookingStamps;
  /** What it tells, and whom; reads through the change's own transaction. */
  notices(booking: BookingRow, tx: Transaction): Promise<Notice[]>;
};

/**
 * One transaction: the booking's row is locked, the caller's right and the booking's status are checked on what it
 * holds now, the status moves and the notices are written with it.
 */
async function changeBooking(db: Database, caller: SignedInCaller, id: string, change: BookingChange) {
  return db.transaction(async (tx) => {
    const booking = await bookingByIdForUpdate(tx, id);
    if (!booking) throw notFound('No booking with this id');
    if (!change.allowed(booking, caller)) throw forbidden(change.refusal);
    if (booking.status !== change.from) {
      throw conflict(`${change.wrongStatus}; this one is ${BOOKING_STATUS_LABELS[booking.status]}`, 'id');
    }
    await moveBookingStatus(tx, booking.id, { from: change.from, to: change.to, also: change.also });
    await notify(tx, await change.notices(booking, tx));
    return { acknowledged: true, modifiedCount: 1 };
  });
}

const isBuyer = (booking: BookingRow, caller: SignedInCaller) => booking.buyerEmail === caller.user.email;
const isSeller = (booking: BookingRow, caller: SignedInCaller) => booking.sellerId === caller.user.id;

/** PUT /api/booking/cancel/:id: the buyer withdraws a booking waiting for payment; the seller is told. */
export function cancelBooking(db: Database, caller: SignedInCaller, id: string): Promise<UpdateResult> {
  return changeBooking(db, caller, id, {
    allowed: isBuyer,
    refusal: 'You can only cancel your own bookings',
    wrongStatus: 'Only a booking waiting for payment can be cancelled',
    from: 'waiting-for-payment',
    to: 'cancelled-by-buyer',
    // The rebooking cool-down counts from here (services/booking-limits.ts).
    also: { cancelledAt: new Date() },
    notices: async (booking, tx) => {
      const seller = await sellerOf(tx, booking);
      return seller ? [cancellationNotice(booking, seller)] : [];
    },
  });
}

/** PUT /api/booking/decline/:id: the book's seller turns down a booking waiting for payment; the buyer is told. */
export function declineBooking(db: Database, caller: SignedInCaller, id: string): Promise<UpdateResult> {
  return changeBooking(db, caller, id, {
    allowed: isSeller,
    refusal: 'You can only decline bookings of your own books',
    wrongStatus: 'Only a booking waiting for payment can be declined',
    from: 'waiting-for-payment',
    to: 'declined',
    notices: async (booking) => (booking.buyerId ? [declineNotice(booking, booking.buyerId)] : []),
  });
}

/**
 * PUT /api/booking/handover/:id: the book's seller marks a paid booking handed over; the buyer is told, and both
 * parties are invited to review each other within the window (decision 034). The status moves once, so each
 * party is invited once.
 */
export function markHandedOver(db: Database, caller: SignedInCaller, id: string): Promise<UpdateResult> {
  const handedOverAt = new Date();
  return changeBooking(db, caller, id, {
    allowed: isSeller,
    refusal: 'You can only hand over your own books',
    wrongStatus: 'Only a paid booking can be marked handed over',
    from: 'paid',
    to: 'handed-over',
    also: { handedOverAt },
    notices: async (booking, tx) => {
      const windowEndsAt = reviewWindowEnd(handedOverAt);
      const seller = await sellerOf(tx, booking);
      return [
        ...(booking.buyerId
          ? [
              handedOverNotice(booking, booking.buyerId),
              reviewNotice(
                'review-invite',
                booking,
                { id: booking.buyerId, email: booking.buyerEmail, party: 'buyer' },
                windowEndsAt,
              ),
            ]
          : []),
        ...(seller ? [reviewNotice('review-invite', booking, { ...seller, party: 'seller' }, windowEndsAt)] : []),
      ];
    },
  });
}
