import { NOT_PAYABLE_REASONS } from '@bookswap/shared/schemas';
import type { Database } from '../../db/database';
import { conflict, forbidden, notFound } from '../../errors/http-error';
import { bookingById, type BookingRow } from '../../repositories/bookings-repository';
import { visibleListingSold } from '../../repositories/products-repository';
import type { SignedInCaller } from '../callers';

/** The caller's own booking, or 404 / 403. */
export async function buyersOwnBooking(db: Database, bookingId: string, caller: SignedInCaller): Promise<BookingRow> {
  const booking = await bookingById(db, bookingId);
  if (!booking) throw notFound('No booking with this id');
  if (booking.buyerEmail !== caller.user.email) throw forbidden('You can only pay for your own bookings');
  return booking;
}

/** The caller's own unpaid booking whose book can still be sold, or the answer that explains why not. */
export async function payableBooking(db: Database, bookingId: string, caller: SignedInCaller): Promise<BookingRow> {
  const booking = await buyersOwnBooking(db, bookingId, caller);
  if (booking.status !== 'waiting-for-payment') throw conflict(NOT_PAYABLE_REASONS[booking.status], 'bookingid');
  const sold = await visibleListingSold(db, booking.productId);
  if (sold === undefined) throw conflict('This book is no longer available', 'bookingid');
  if (sold) throw conflict('This book is already sold', 'bookingid');
  return booking;
}
