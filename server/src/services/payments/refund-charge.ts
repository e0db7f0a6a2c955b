import type { Database } from '../../db/database';
import type { BookingRow } from '../../repositories/bookings-repository';
import { insertRefund, type RefundReason } from '../../repositories/refunds-repository';
import type { GatewayIntent, PaymentGateway } from '../../payments/payment-gateway';

/** What the buyer reads when a charge could not be recorded and was given back. */
export const REFUNDED_MESSAGES: Record<RefundReason, string> = {
  'sold-to-someone-else': 'This book was sold to someone else. Your payment was refunded.',
  'no-longer-available': 'This book is no longer available. Your payment was refunded.',
  'booking-already-paid': 'This booking is already paid. Your second payment was refunded.',
};

/** Gives a charge back through the gateway and records it, so every refund can be audited. */
export async function refundCharge(
  deps: { db: Database; gateway: PaymentGateway },
  intent: GatewayIntent,
  booking: BookingRow,
  reason: RefundReason,
): Promise<void> {
  const refund = await deps.gateway.refund(intent.id);
  await insertRefund(deps.db, {
    transactionId: intent.id,
    gatewayRefundId: refund.id,
    gatewayStatus: refund.status,
    bookingId: booking.id,
    productId: booking.productId,
    buyerEmail: booking.buyerEmail,
    amountCents: refund.amountCents,
    currency: intent.currency,
    reason,
  });
}
