import type { Database } from '../../db/database';
import {
  bookingByIdForUpdate,
  markBookingPaid,
  sellOtherWaitingBookings,
  type BookingRow,
} from '../../repositories/bookings-repository';
import { insertPayment } from '../../repositories/payments-repository';
import { lockListingForSale, markListingSold } from '../../repositories/products-repository';
import type { RefundReason } from '../../repositories/refunds-repository';
import { bookingPaidNotice, receiptNotice, soldToAnotherBuyerNotice } from '../notices';
import { notify, sellerOf } from '../notify';

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
    if (current.status === 'sold-to-another-buyer') return { notRecordable: 'sold-to-someone-else' };
    // Cancelled or declined after the card was charged: the booking no longer holds the book.
    if (current.status !== 'waiting-for-payment') return { notRecordable: 'no-longer-available' };
    if (listing?.sold) return { notRecordable: 'sold-to-someone-else' };
    if (!listing?.visible) return { notRecordable: 'no-longer-available' };
    await markBookingPaid(tx, booking.id);
    // The book's other waiting bookings can no longer be paid, and their buyers are told, with this one's
    // receipt and the seller's word to hand the book over, in this same transaction (docs/decisions/024).
    const soldElsewhere = await sellOtherWaitingBookings(tx, booking.productId, booking.id);
    const seller = await sellerOf(tx, current);
    await notify(tx, [
      ...(current.buyerId ? [receiptNotice({ ...current, transactionId }, current.buyerId)] : []),
      ...(seller ? [bookingPaidNotice(current, seller)] : []),
      ...soldElsewhere.flatMap((other) => (other.buyerId ? [soldToAnotherBuyerNotice(other, other.buyerId)] : [])),
    ]);
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
