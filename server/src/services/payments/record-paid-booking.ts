import type { Database } from '../../db/database';
import type { BookingStatus } from '@bookswap/shared/schemas';
import { bookingByIdForUpdate, type BookingRow } from '../../repositories/bookings-repository';
import { insertPayment } from '../../repositories/payments-repository';
import { lockListingForSale, markListingSold } from '../../repositories/products-repository';
import type { RefundReason } from '../../repositories/refunds-repository';
import { payBooking, stepRefusal, type StepRefusal } from '../booking-process';

/** Why a booking the payment table refuses cannot be paid: paid already, sold to another buyer, or given up. */
const UNPAYABLE: Record<Exclude<BookingStatus, 'waiting-for-payment'>, RefundReason> = {
  paid: 'booking-already-paid',
  'handed-over': 'booking-already-paid',
  'sold-to-another-buyer': 'sold-to-someone-else',
  // Cancelled or declined after the card was charged: the booking no longer holds the book.
  'cancelled-by-buyer': 'no-longer-available',
  declined: 'no-longer-available',
};

const reasonOf = (refusal: StepRefusal): RefundReason =>
  refusal.refused === 'status' && refusal.status !== 'waiting-for-payment'
    ? UNPAYABLE[refusal.status]
    : 'no-longer-available';

export type RecordOutcome = { paymentId: string } | { notRecordable: RefundReason };

/**
 * One transaction: the listing and then the booking are locked, the sale is judged on what they hold now, and
 * only a sale that can go through is written (booking paid, listing sold and out of the ads, the payment row).
 * A sale that cannot writes nothing and answers why, so the caller can give the charge back.
 */
export function recordPaidBooking(
  db: Database,
  booking: BookingRow,
  transactionId: string,
  buyerEmail: string,
): Promise<RecordOutcome> {
  return db.transaction(async (tx): Promise<RecordOutcome> => {
    // The listing first, then the booking: a sale also moves the book's other waiting bookings, so two buyers'
    // payments of one book that locked their own bookings first would each wait for the other (a deadlock the
    // fault drill met). Listing first makes them queue on the listing.
    const listing = await lockListingForSale(tx, booking.productId);
    const current = await bookingByIdForUpdate(tx, booking.id);
    if (!current || current.paid) return { notRecordable: 'booking-already-paid' };
    // The booking's status first, then the listing's: a paid booking's listing is sold too.
    const refused = stepRefusal('pay', current, { system: 'payment' });
    if (refused) return { notRecordable: reasonOf(refused) };
    if (listing?.sold) return { notRecordable: 'sold-to-someone-else' };
    if (!listing?.visible) return { notRecordable: 'no-longer-available' };
    // Paid, and the book's other waiting bookings sold to another buyer, their buyers told (booking-process.ts).
    const notPaid = await payBooking(tx, current, transactionId);
    if (notPaid) return { notRecordable: reasonOf(notPaid) };
    const paymentId = await insertPayment(tx, {
      bookingId: booking.id,
      transactionId,
      price: booking.price,
      amountCents: booking.priceCents,
      buyerEmail,
      productId: booking.productId,
    });
    // The listing's write comes last: its triggers take the catalog version's row lock, which every catalog write
    // waits for, so this transaction holds it for its commit alone.
    await markListingSold(tx, booking.productId);
    return { paymentId };
  });
}
