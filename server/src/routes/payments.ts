import { and, eq } from 'drizzle-orm';
import {
  createPaymentBodySchema,
  paymentIntentBodySchema,
  sandboxAuthenticateBodySchema,
  sandboxConfirmBodySchema,
  type InsertResult,
  type PaymentConfig,
} from '@bookswap/shared/schemas';
import type { Database } from '../db/database';
import { newId } from '../db/ids';
import { bookings, payments, products, refunds, type BookingRow, type RefundRow } from '../db/schema';
import { badRequest, conflict, forbidden, notFound, type HttpError } from '../http/http-error';
import { defineRoute, type SignedInCaller } from '../http/route';
import type { GatewayIntent, PaymentGateway } from '../payments/payment-gateway';
import { SandboxGateway } from '../payments/sandbox-gateway';
import { centsOf } from './price';
import { publiclyVisible } from './visibility';

/** The caller's own unpaid booking whose book can still be sold, or the answer that explains why not. */
async function payableBooking(db: Database, bookingId: string, caller: SignedInCaller): Promise<BookingRow> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!booking) throw notFound('No booking with this id');
  if (booking.buyerEmail !== caller.user.email) throw forbidden('You can only pay for your own bookings');
  if (booking.paid) throw conflict('This booking is already paid', 'bookingid');
  const [product] = await db
    .select({ sold: products.sold })
    .from(products)
    .where(and(publiclyVisible(), eq(products.id, booking.productId)))
    .limit(1);
  if (!product) throw conflict('This book is no longer available', 'bookingid');
  if (product.sold) throw conflict('This book is already sold', 'bookingid');
  return booking;
}

function matchesBookingPrice(price: string | number, booking: BookingRow): void {
  if (centsOf(price) !== booking.priceCents) throw badRequest('price: does not match the booking’s price', 'price');
}

/** A replay of an accepted payment answers with the record it created, so a retried request is harmless. */
async function existingPayment(db: Database, transactionId: string, bookingId: string): Promise<InsertResult | null> {
  const [payment] = await db.select().from(payments).where(eq(payments.transactionId, transactionId)).limit(1);
  if (!payment) return null;
  if (payment.bookingId !== bookingId) throw conflict('This transaction pays for another booking', 'transactionId');
  return { acknowledged: true, insertedId: payment.id };
}

type RefundReason = RefundRow['reason'];

/** What the buyer reads when a charge could not be recorded and was given back. */
const REFUNDED_MESSAGES: Record<RefundReason, string> = {
  'sold-to-someone-else': 'This book was sold to someone else. Your payment was refunded.',
  'no-longer-available': 'This book is no longer available. Your payment was refunded.',
  'booking-already-paid': 'This booking is already paid. Your second payment was refunded.',
};

/** Thrown inside the recording transaction (rolling it back) when a succeeded charge cannot be recorded. */
class ChargeNotRecordable extends Error {
  constructor(readonly reason: RefundReason) {
    super(reason);
  }
}

/** Why an intent does not prove that this booking was paid, or null when it does. */
function intentProblem(intent: GatewayIntent | null, booking: BookingRow): HttpError | null {
  if (!intent || intent.bookingId !== booking.id)
    return badRequest('transactionId: no payment for this booking', 'transactionId');
  if (intent.status !== 'succeeded') return badRequest('transactionId: the payment has not succeeded', 'transactionId');
  if (intent.amountCents !== booking.priceCents || intent.currency !== 'usd') {
    return badRequest('transactionId: the payment’s amount does not match the booking', 'transactionId');
  }
  return null;
}

/** Gives a charge back through the gateway and records it, so every refund can be audited. */
async function refundCharge(
  db: Database,
  gateway: PaymentGateway,
  intent: GatewayIntent,
  booking: BookingRow,
  reason: RefundReason,
): Promise<void> {
  const refund = await gateway.refund(intent.id);
  await db
    .insert(refunds)
    .values({
      id: newId(),
      transactionId: intent.id,
      gatewayRefundId: refund.id,
      gatewayStatus: refund.status,
      bookingId: booking.id,
      productId: booking.productId,
      buyerEmail: booking.buyerEmail,
      amountCents: refund.amountCents,
      currency: intent.currency,
      reason,
    })
    .onConflictDoNothing({ target: refunds.transactionId });
}

export const paymentRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/payments/config',
    access: 'public',
    async handler(_input, { gateway }): Promise<PaymentConfig> {
      return gateway.publishableKey
        ? { mode: gateway.mode, publishableKey: gateway.publishableKey }
        : { mode: gateway.mode };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/payment/create/intent',
    access: 'user',
    rule: 'own unpaid booking; the amount comes from the booking, the price must match',
    rateLimit: 'write',
    body: paymentIntentBodySchema,
    async handler({ body, caller }, { db, gateway }) {
      const booking = await payableBooking(db, body.bookingid, caller);
      matchesBookingPrice(body.price, booking);
      const intent = await gateway.createIntent({
        amountCents: booking.priceCents,
        currency: 'usd',
        bookingId: booking.id,
        idempotencyKey: `booking-${booking.id}-${booking.priceCents}`,
      });
      return { clientSecret: intent.clientSecret };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/payment/create',
    access: 'user',
    rule: 'own booking; accepted only once the gateway confirms the intent succeeded for the booking’s amount; a charge that cannot be recorded is refunded',
    rateLimit: 'write',
    body: createPaymentBodySchema,
    async handler({ body, caller, reply }, { db, gateway }): Promise<InsertResult> {
      const [booking] = await db.select().from(bookings).where(eq(bookings.id, body.bookingid)).limit(1);
      if (!booking) throw notFound('No booking with this id');
      if (booking.buyerEmail !== caller.user.email) throw forbidden('You can only pay for your own bookings');
      if (body.buyerEmail !== caller.user.email) throw badRequest('buyerEmail: must be your own email', 'buyerEmail');
      if (body.category_id !== booking.productId)
        throw badRequest('category_id: is not the booked product', 'category_id');
      const replay = await existingPayment(db, body.transactionId, booking.id);
      if (replay) return replay;
      const [refunded] = await db
        .select({ reason: refunds.reason })
        .from(refunds)
        .where(and(eq(refunds.transactionId, body.transactionId), eq(refunds.bookingId, booking.id)))
        .limit(1);
      if (refunded) throw conflict(REFUNDED_MESSAGES[refunded.reason], 'bookingid');
      matchesBookingPrice(body.price, booking);

      const intent = await gateway.retrieveIntent(body.transactionId);
      const problem = intentProblem(intent, booking);
      if (problem || !intent) {
        // Nothing was charged for this booking: why the booking cannot be paid comes first, as before.
        await payableBooking(db, booking.id, caller);
        throw problem ?? badRequest('transactionId: no payment for this booking', 'transactionId');
      }

      // The buyer's card is charged from here on: whatever stops the record now gives the money back.
      try {
        const insertedId = await db.transaction(async (tx) => {
          const paid = await tx
            .update(bookings)
            .set({ paid: true })
            .where(and(eq(bookings.id, booking.id), eq(bookings.paid, false)))
            .returning({ id: bookings.id });
          if (paid.length === 0) throw new ChargeNotRecordable('booking-already-paid');
          const sold = await tx
            .update(products)
            .set({ sold: true, advertised: false })
            .where(and(publiclyVisible(), eq(products.id, booking.productId), eq(products.sold, false)))
            .returning({ id: products.id });
          if (sold.length === 0) {
            const [product] = await tx
              .select({ sold: products.sold })
              .from(products)
              .where(eq(products.id, booking.productId))
              .limit(1);
            throw new ChargeNotRecordable(product?.sold ? 'sold-to-someone-else' : 'no-longer-available');
          }
          const [payment] = await tx
            .insert(payments)
            .values({
              id: newId(),
              bookingId: booking.id,
              transactionId: body.transactionId,
              price: booking.price,
              amountCents: booking.priceCents,
              buyerEmail: caller.user.email,
              productId: booking.productId,
            })
            .returning({ id: payments.id });
          return payment!.id;
        });
        reply.status(201);
        return { acknowledged: true, insertedId };
      } catch (error) {
        if (!(error instanceof ChargeNotRecordable)) throw error;
        // The same transaction sent twice at once: the loser answers like a replay, and nothing is refunded.
        const raced = await existingPayment(db, body.transactionId, booking.id);
        if (raced) return raced;
        await refundCharge(db, gateway, intent, booking, error.reason);
        throw conflict(REFUNDED_MESSAGES[error.reason], 'bookingid');
      }
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/payments/sandbox/confirm',
    access: 'public',
    rule: 'the client secret is the capability, as with Stripe.js',
    rateLimit: 'write',
    body: sandboxConfirmBodySchema,
    async handler({ body }, { gateway }) {
      if (!(gateway instanceof SandboxGateway)) throw notFound('The card sandbox is off: this server uses Stripe');
      const result = await gateway.confirm(body);
      if (!result) throw notFound('No payment with this client secret');
      return result;
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/payments/sandbox/authenticate',
    access: 'public',
    rule: 'the client secret is the capability; completes the 3-D Secure step of 4000 0025 0000 3155',
    rateLimit: 'write',
    body: sandboxAuthenticateBodySchema,
    async handler({ body }, { gateway }) {
      if (!(gateway instanceof SandboxGateway)) throw notFound('The card sandbox is off: this server uses Stripe');
      const result = await gateway.authenticate(body);
      if (!result) throw notFound('No payment with this client secret');
      return result;
    },
  }),
];
