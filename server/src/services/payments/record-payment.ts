import type { z } from 'zod';
import type { createPaymentBodySchema, InsertResult } from '@bookswap/shared/schemas';
import type { Database } from '../../db/database';
import { conflict } from '../../errors/http-error';
import type { BookingRow } from '../../repositories/bookings-repository';
import { paymentByTransaction } from '../../repositories/payments-repository';
import { refundReasonOf } from '../../repositories/refunds-repository';
import type { GatewayIntent, PaymentGateway } from '../../payments/payment-gateway';
import type { SignedInCaller } from '../callers';
import { buyersOwnBooking, payableBooking } from './own-booking';
import { intentProblem, refuseForeignClaims, refuseOtherPrice } from './payment-proof';
import { recordPaidBooking } from './record-paid-booking';
import { REFUNDED_MESSAGES, refundCharge } from './refund-charge';

type CreatePaymentBody = z.output<typeof createPaymentBodySchema>;
type PaymentDeps = { db: Database; gateway: PaymentGateway };

/** A replay of an accepted payment answers with the record it created, so a retried request is harmless. */
export async function recordedPayment(
  db: Database,
  transactionId: string,
  bookingId: string,
): Promise<InsertResult | null> {
  return replayOf(await paymentByTransaction(db, transactionId), bookingId);
}

function replayOf(payment: { id: string; bookingId: string } | undefined, bookingId: string): InsertResult | null {
  if (!payment) return null;
  if (payment.bookingId !== bookingId) throw conflict('This transaction pays for another booking', 'transactionId');
  return { acknowledged: true, insertedId: payment.id };
}

/**
 * What the transaction already left behind: a payment it recorded (a replay answers that record), else a refund of
 * its charge (answered with why, never recorded). Both read at once: a payment's latency is its round trips.
 */
async function earlierOutcome(db: Database, transactionId: string, bookingId: string): Promise<InsertResult | null> {
  const [payment, refundReason] = await Promise.all([
    paymentByTransaction(db, transactionId),
    refundReasonOf(db, transactionId, bookingId),
  ]);
  const replay = replayOf(payment, bookingId);
  if (replay) return replay;
  if (refundReason) throw conflict(REFUNDED_MESSAGES[refundReason], 'bookingid');
  return null;
}

/**
 * The gateway's own intent, proving that this booking was paid in full. When it does not, nothing was charged for
 * this booking: why the booking cannot be paid comes first, then what is wrong with the intent.
 */
async function provenIntent(
  deps: PaymentDeps,
  caller: SignedInCaller,
  booking: BookingRow,
  transactionId: string,
): Promise<GatewayIntent> {
  const intent = await deps.gateway.retrieveIntent(transactionId);
  const problem = intentProblem(intent, booking);
  if (intent && !problem) return intent;
  await payableBooking(deps.db, booking.id, caller);
  throw problem ?? intentProblem(null, booking)!;
}

/**
 * POST /api/payment/create: records the payment of the caller's own booking, once the gateway confirms that the
 * intent succeeded for the booking's amount. A replay answers the first record (`created` false). A charge that
 * cannot be recorded (sold meanwhile, hidden, paid twice) is refunded and answered 409 with why.
 */
export async function recordPayment(
  deps: PaymentDeps,
  caller: SignedInCaller,
  body: CreatePaymentBody,
): Promise<{ payment: InsertResult; created: boolean }> {
  const { db } = deps;
  const booking = await buyersOwnBooking(db, body.bookingid, caller);
  refuseForeignClaims(body, booking, caller.user.email);
  const replay = await earlierOutcome(db, body.transactionId, booking.id);
  if (replay) return { payment: replay, created: false };
  refuseOtherPrice(body.price, booking);

  const intent = await provenIntent(deps, caller, booking, body.transactionId);
  // The buyer's card is charged from here on: whatever stops the record now gives the money back.
  const outcome = await recordPaidBooking(db, booking, body.transactionId, caller.user.email);
  if ('paymentId' in outcome) return { payment: { acknowledged: true, insertedId: outcome.paymentId }, created: true };
  // The same transaction sent twice at once: the loser answers like a replay, and nothing is refunded.
  const raced = await recordedPayment(db, body.transactionId, booking.id);
  if (raced) return { payment: raced, created: false };
  await refundCharge(deps, intent, booking, outcome.notRecordable);
  throw conflict(REFUNDED_MESSAGES[outcome.notRecordable], 'bookingid');
}
