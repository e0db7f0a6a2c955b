import type { Queryable } from '../db/database';
import { forbidden, notFound } from '../errors/http-error';
import { bookingById, type BookingRow } from '../repositories/bookings-repository';
import type { SignedInCaller } from './callers';

/** The two sides of a booking: what its messages and reviews are between. */
export type Party = 'buyer' | 'seller';

/** The caller's side of the booking, if any: its buyer (as My Orders knows them, by email) or its book's seller. */
export function partyOf(booking: BookingRow, caller: SignedInCaller): Party | null {
  if (booking.buyerEmail === caller.user.email) return 'buyer';
  if (booking.sellerId === caller.user.id) return 'seller';
  return null;
}

/**
 * The booking, when the caller is one of its two parties: 404 for no such booking, 403 (`refusal`) for anyone else.
 * `read` may lock the row (`bookingByIdForShare`).
 */
export async function bookingOfParty(
  db: Queryable,
  caller: SignedInCaller,
  bookingId: string,
  refusal: string,
  read: (db: Queryable, id: string) => Promise<BookingRow | undefined> = bookingById,
): Promise<{ booking: BookingRow; party: Party }> {
  const booking = await read(db, bookingId);
  if (!booking) throw notFound('No booking with this id');
  const party = partyOf(booking, caller);
  if (!party) throw forbidden(refusal);
  return { booking, party };
}
