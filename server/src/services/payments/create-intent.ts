import type { z } from 'zod';
import type { paymentIntentBodySchema } from '@bookswap/shared/schemas';
import type { Database } from '../../db/database';
import type { PaymentGateway } from '../../payments/payment-gateway';
import type { SignedInCaller } from '../callers';
import { payableBooking } from './own-booking';
import { refuseOtherPrice } from './payment-proof';

type PaymentIntentBody = z.output<typeof paymentIntentBodySchema>;

/**
 * POST /api/payment/create/intent: an intent for the caller's own payable booking. The amount comes from the
 * booking; one intent per booking and price, so a retried request never charges twice.
 */
export async function createPaymentIntent(
  deps: { db: Database; gateway: PaymentGateway },
  caller: SignedInCaller,
  body: PaymentIntentBody,
): Promise<{ clientSecret: string }> {
  const booking = await payableBooking(deps.db, body.bookingid, caller);
  refuseOtherPrice(body.price, booking);
  const intent = await deps.gateway.createIntent({
    amountCents: booking.priceCents,
    currency: 'usd',
    bookingId: booking.id,
    idempotencyKey: `booking-${booking.id}-${booking.priceCents}`,
  });
  return { clientSecret: intent.clientSecret };
}
