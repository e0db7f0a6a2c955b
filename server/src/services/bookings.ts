import type { z } from 'zod';
import {
  type Booking,
  type BookingPage,
  type BookingPageRequest,
  type createBookingBodySchema,
  type InsertResult,
  type UpdateResult,
} from '@bookswap/shared/schemas';
import type { Database } from '../db/database';
import { conflict, forbidden, notFound } from '../errors/http-error';
import {
  bookingById,
  bookingsOfBuyer,
  insertBooking,
  pageOfBookings,
  type BookingsOf,
} from '../repositories/bookings-repository';
import type { BookingLimits } from '../config';
import { bookingRefusal } from './booking-limits';
import type { SignedInCaller } from './callers';
import { visibleListing } from './catalog/public-lists';
import { changeBooking } from './booking-process';
import { newBookingNotice } from './notices';
import { centsOf } from './price';
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

/** PUT /api/booking/cancel/:id: the buyer withdraws a booking waiting for payment; the seller is told. */
export function cancelBooking(db: Database, caller: SignedInCaller, id: string): Promise<UpdateResult> {
  return changeBooking(db, caller, id, 'cancel');
}

/** PUT /api/booking/decline/:id: the book's seller turns down a booking waiting for payment; the buyer is told. */
export function declineBooking(db: Database, caller: SignedInCaller, id: string): Promise<UpdateResult> {
  return changeBooking(db, caller, id, 'decline');
}

/**
 * PUT /api/booking/handover/:id: the book's seller marks a paid booking handed over; the buyer is told, and both
 * parties are invited to review each other within the window (decision 034).
 */
export function markHandedOver(db: Database, caller: SignedInCaller, id: string): Promise<UpdateResult> {
  return changeBooking(db, caller, id, 'hand-over');
}
