import type { z } from 'zod';
import type { Booking, createBookingBodySchema, InsertResult } from '@bookswap/shared/schemas';
import type { Database } from '../db/database';
import { conflict, forbidden, notFound } from '../errors/http-error';
import { bookingById, bookingsOfBuyer, insertBooking } from '../repositories/bookings-repository';
import type { SignedInCaller } from './callers';
import { visibleListing } from './catalog/public-lists';
import { centsOf } from './price';
import { bookingToWire, longDateTime, type WireContext } from './wire';

type CreateBookingBody = z.output<typeof createBookingBodySchema>;

/** My Orders: the caller's own bookings, oldest first; `?email=` must be the caller's own. */
export async function myBookings(
  db: Database,
  wire: WireContext,
  caller: SignedInCaller,
  email: string,
): Promise<Booking[]> {
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

/**
 * Books a book that is not the caller's own and not sold, once per buyer and book; name, image and price are
 * copied from the listing.
 */
export async function bookBook(db: Database, caller: SignedInCaller, body: CreateBookingBody): Promise<InsertResult> {
  // The listing as of a read that started after this request arrived (cached under the catalog version).
  // No transaction around it and the insert: one would hold no lock and change nothing (READ COMMITTED,
  // no FOR UPDATE), only cost two more round trips.
  const product = await visibleListing(db, body.category_id);
  if (!product) throw notFound('No product with this id');
  if (product.sold) throw conflict('This book is already sold', 'category_id');
  if (product.sellerId === caller.user.id) throw forbidden('You cannot book your own book');
  const id = await insertBooking(db, {
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
  });
  if (!id) throw conflict('You have already booked this book', 'category_id');
  return { acknowledged: true, insertedId: id };
}
