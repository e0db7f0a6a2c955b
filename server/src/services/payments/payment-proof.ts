import { badRequest, type HttpError } from '../../errors/http-error';
import type { BookingRow } from '../../repositories/bookings-repository';
import type { GatewayIntent } from '../../payments/payment-gateway';
import { centsOf } from '../price';

/** The price the client sends must be the booking's own (the amount charged always comes from the booking). */
export function refuseOtherPrice(price: string | number, booking: BookingRow): void {
  if (centsOf(price) !== booking.priceCents) throw badRequest('price: does not match the booking’s price', 'price');
}

/** The payment record's claims must name the caller and the booked product. */
export function refuseForeignClaims(
  claims: { buyerEmail: string; category_id: string },
  booking: BookingRow,
  callerEmail: string,
): void {
  if (claims.buyerEmail !== callerEmail) throw badRequest('buyerEmail: must be your own email', 'buyerEmail');
  if (claims.category_id !== booking.productId)
    throw badRequest('category_id: is not the booked product', 'category_id');
}

/** Why an intent does not prove that this booking was paid, or null when it does. */
export function intentProblem(intent: GatewayIntent | null, booking: BookingRow): HttpError | null {
  if (!intent || intent.bookingId !== booking.id)
    return badRequest('transactionId: no payment for this booking', 'transactionId');
  if (intent.status !== 'succeeded') return badRequest('transactionId: the payment has not succeeded', 'transactionId');
  if (intent.amountCents !== booking.priceCents || intent.currency !== 'usd') {
    return badRequest('transactionId: the payment’s amount does not match the booking', 'transactionId');
  }
  return null;
}
