import { and, eq } from 'drizzle-orm';
import {
  createPaymentBodySchema,
  paymentIntentBodySchema,
  sandboxConfirmBodySchema,
  type InsertResult,
  type PaymentConfig,
} from '@bookswap/shared/schemas';
import type { Database } from '../db/database';
import { newId } from '../db/ids';
import { bookings, payments, products, type BookingRow } from '../db/schema';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../http/http-error';
import { defineRoute, type SignedInCaller } from '../http/route';
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
    rule: 'own booking; accepted only once the gateway confirms the intent succeeded for the booking’s amount',
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
      await payableBooking(db, booking.id, caller);
      matchesBookingPrice(body.price, booking);

      const intent = await gateway.retrieveIntent(body.transactionId);
      if (!intent || intent.bookingId !== booking.id)
        throw badRequest('transactionId: no payment for this booking', 'transactionId');
      if (intent.status !== 'succeeded')
        throw badRequest('transactionId: the payment has not succeeded', 'transactionId');
      if (intent.amountCents !== booking.priceCents || intent.currency !== 'usd') {
        throw badRequest('transactionId: the payment’s amount does not match the booking', 'transactionId');
      }

      try {
        const insertedId = await db.transaction(async (tx) => {
          const paid = await tx
            .update(bookings)
            .set({ paid: true })
            .where(and(eq(bookings.id, booking.id), eq(bookings.paid, false)))
            .returning({ id: bookings.id });
          if (paid.length === 0) throw conflict('This booking is already paid', 'bookingid');
          const sold = await tx
            .update(products)
            .set({ sold: true, advertised: false })
            .where(and(eq(products.id, booking.productId), eq(products.sold, false)))
            .returning({ id: products.id });
          if (sold.length === 0) throw conflict('This book is already sold', 'bookingid');
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
        // The same transaction sent twice at once: the loser answers like a replay.
        const raced =
          error instanceof HttpError && error.status === 409
            ? await existingPayment(db, body.transactionId, booking.id)
            : null;
        if (raced) return raced;
        throw error;
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
];
