import { eq } from 'drizzle-orm';
import { sandboxConfirmResponseSchema } from '@bookswap/shared/schemas';
import { bookings, refunds, sandboxIntents } from '../db/schema';
import {
  ADA_ADMIN,
  BEA_BUYER,
  BO_BUYER,
  call,
  givenBooking,
  givenProduct,
  givenUser,
  SAM_SELLER,
  serverForThisFile,
  type Person,
} from '../testing/test-server';

const { server, seller, buyer, buyer2, admin } = serverForThisFile({
  seller: SAM_SELLER,
  buyer: BEA_BUYER,
  buyer2: BO_BUYER,
  admin: ADA_ADMIN,
});

/** A payment the server refused as a conflict, telling the buyer why. */
const refusedWith = (message: string) => ({ status: 409, body: { message } });
const card = (number: string) => ({ number, expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' });

async function bookedProduct(price = '12.50') {
  const productId = await givenProduct(server, seller, { resale_price: price });
  const bookingId = await givenBooking(server, buyer, productId);
  return { productId, bookingId };
}

async function intentFor(bookingId: string, price: string, as: Person = buyer) {
  return call(server, 'POST', '/api/payment/create/intent', { as, body: { price, bookingid: bookingId } });
}

async function confirm(clientSecret: string, number: string) {
  const response = await call(server, 'POST', '/api/payments/sandbox/confirm', {
    body: { clientSecret, card: card(number), billingDetails: { name: buyer.name, email: buyer.email } },
  });
  expect(response.status).toBe(200);
  return sandboxConfirmResponseSchema.parse(response.body);
}

function recordBody(productId: string, bookingId: string, transactionId: string, price = '12.50') {
  return { price, bookingid: bookingId, buyerEmail: buyer.email, category_id: productId, transactionId };
}

describe('paying for a booking with the card sandbox', () => {
  it('tells the browser to use the sandbox', async () => {
    expect((await call(server, 'GET', '/api/payments/config')).body).toEqual({ mode: 'sandbox' });
  });

  it('charges the booking’s amount, then records the payment and marks booking and product sold', async () => {
    const { productId, bookingId } = await bookedProduct('12.50');
    const intent = await intentFor(bookingId, '12.50');
    expect(intent.status).toBe(200);
    expect(intent.body).toEqual({ clientSecret: expect.stringContaining('_secret_') });
    const result = await confirm(intent.body.clientSecret, '4242 4242 4242 4242');
    if (!('paymentIntent' in result)) throw new Error('the 4242 card should succeed');
    expect(result.paymentIntent).toMatchObject({ status: 'succeeded', amount: 1250, currency: 'usd' });

    const record = await call(server, 'POST', '/api/payment/create', {
      as: buyer,
      body: recordBody(productId, bookingId, result.paymentIntent.id),
    });
    expect(record.status).toBe(201);
    expect(record.body).toEqual({ acknowledged: true, insertedId: expect.any(String) });
    expect((await call(server, 'GET', `/api/booking/list/${bookingId}`, { as: buyer })).body.paid).toBe(true);
    expect((await call(server, 'GET', `/api/product/list/${productId}`)).body.paid).toBe(true);

    // Replaying the same record is harmless and answers the same record.
    const replay = await call(server, 'POST', '/api/payment/create', {
      as: buyer,
      body: recordBody(productId, bookingId, result.paymentIntent.id),
    });
    expect(replay.body).toEqual({ acknowledged: true, insertedId: record.body.insertedId });
    // A paid booking gets no new intent, and a sold book cannot be booked again.
    expect((await intentFor(bookingId, '12.50')).status).toBe(409);
    const rebook = await call(server, 'POST', '/api/booking/create', {
      as: buyer2,
      body: { category_id: productId, phone: '+880 1711 222222', meetingLocation: 'Gate' },
    });
    expect(rebook.status).toBe(409);
  });

  it('reports the sandbox’s declines the way Stripe.js does, and records nothing', async () => {
    const { productId, bookingId } = await bookedProduct('5');
    const intent = await intentFor(bookingId, '5');
    const declined = await confirm(intent.body.clientSecret, '4000 0000 0000 0002');
    expect(declined).toEqual({
      error: expect.objectContaining({ code: 'card_declined', message: 'Your card was declined.' }),
    });
    const poor = await confirm(intent.body.clientSecret, '4000000000009995');
    expect(poor).toEqual({
      error: expect.objectContaining({
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      }),
    });
    const intentId = intent.body.clientSecret.split('_secret_')[0];
    const record = await call(server, 'POST', '/api/payment/create', {
      as: buyer,
      body: recordBody(productId, bookingId, intentId, '5'),
    });
    expect(record.status).toBe(400);
    expect(record.body.field).toBe('transactionId');
    expect((await call(server, 'GET', `/api/booking/list/${bookingId}`, { as: buyer })).body.paid).toBe(false);
  });

  it('takes the amount from the booking: a different price is refused', async () => {
    const { bookingId } = await bookedProduct('30');
    const cheap = await intentFor(bookingId, '0.50');
    expect(cheap.status).toBe(400);
    expect(cheap.body.field).toBe('price');
  });

  it('does not accept a payment that succeeded for another booking, nor another buyer’s booking', async () => {
    const first = await bookedProduct('9');
    const second = await bookedProduct('9');
    const intent = await intentFor(first.bookingId, '9');
    const result = await confirm(intent.body.clientSecret, '4242424242424242');
    if (!('paymentIntent' in result)) throw new Error('should succeed');
    const wrongBooking = await call(server, 'POST', '/api/payment/create', {
      as: buyer,
      body: recordBody(second.productId, second.bookingId, result.paymentIntent.id, '9'),
    });
    expect(wrongBooking.status).toBe(400);
    expect((await intentFor(first.bookingId, '9', buyer2)).status).toBe(403);
  });

  it('cannot pay twice for the same book: the second buyer’s payment is refused', async () => {
    const productId = await givenProduct(server, seller, { resale_price: '15' });
    const firstBooking = await givenBooking(server, buyer, productId);
    const secondBooking = await givenBooking(server, buyer2, productId);
    const firstIntent = await intentFor(firstBooking, '15');
    const secondIntent = await intentFor(secondBooking, '15', buyer2);
    const a = await confirm(firstIntent.body.clientSecret, '4242424242424242');
    const b = await confirm(secondIntent.body.clientSecret, '4242424242424242');
    if (!('paymentIntent' in a) || !('paymentIntent' in b)) throw new Error('should succeed');
    expect(
      (
        await call(server, 'POST', '/api/payment/create', {
          as: buyer,
          body: recordBody(productId, firstBooking, a.paymentIntent.id, '15'),
        })
      ).status,
    ).toBe(201);
    const second = await call(server, 'POST', '/api/payment/create', {
      as: buyer2,
      body: { ...recordBody(productId, secondBooking, b.paymentIntent.id, '15'), buyerEmail: buyer2.email },
    });
    expect(second.status).toBe(409);
    expect((await call(server, 'GET', `/api/booking/list/${secondBooking}`, { as: buyer2 })).body.paid).toBe(false);
  });

  it('refuses to confirm an intent twice and answers 404 for an unknown client secret', async () => {
    const { bookingId } = await bookedProduct('3');
    const intent = await intentFor(bookingId, '3');
    await confirm(intent.body.clientSecret, '4242424242424242');
    expect(await confirm(intent.body.clientSecret, '4242424242424242')).toEqual({
      error: expect.objectContaining({ code: 'payment_intent_unexpected_state' }),
    });
    const unknown = await call(server, 'POST', '/api/payments/sandbox/confirm', {
      body: { clientSecret: 'pi_nope_secret_x', card: card('4242424242424242') },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('a card that needs 3-D Secure (Stripe’s 4000 0025 0000 3155)', () => {
  const THREE_D_SECURE = '4000 0025 0000 3155';

  async function authenticate(clientSecret: string, approve: boolean) {
    const response = await call(server, 'POST', '/api/payments/sandbox/authenticate', {
      body: { clientSecret, approve },
    });
    expect(response.status).toBe(200);
    return sandboxConfirmResponseSchema.parse(response.body);
  }

  it('waits for the user to authenticate, and is charged once they approve', async () => {
    const { productId, bookingId } = await bookedProduct('11');
    const intent = await intentFor(bookingId, '11');
    const confirmed = await confirm(intent.body.clientSecret, THREE_D_SECURE);
    if (!('paymentIntent' in confirmed)) throw new Error('the 3-D Secure card should ask for authentication');
    expect(confirmed.paymentIntent).toEqual({
      id: expect.stringMatching(/^pi_/),
      status: 'requires_action',
      amount: 1100,
      currency: 'usd',
    });
    const tooEarly = await call(server, 'POST', '/api/payment/create', {
      as: buyer,
      body: recordBody(productId, bookingId, confirmed.paymentIntent.id, '11'),
    });
    expect(tooEarly).toMatchObject({ status: 400, body: { field: 'transactionId' } });

    expect(await authenticate(intent.body.clientSecret, true)).toEqual({
      paymentIntent: { id: confirmed.paymentIntent.id, status: 'succeeded', amount: 1100, currency: 'usd' },
    });
    const record = await call(server, 'POST', '/api/payment/create', {
      as: buyer,
      body: recordBody(productId, bookingId, confirmed.paymentIntent.id, '11'),
    });
    expect(record.status).toBe(201);
    expect(await authenticate(intent.body.clientSecret, true)).toEqual({
      error: expect.objectContaining({ type: 'invalid_request_error', code: 'payment_intent_unexpected_state' }),
    });
  });

  it('fails with Stripe’s authentication message when the user rejects it, and another card can pay after', async () => {
    const { productId, bookingId } = await bookedProduct('4');
    const intent = await intentFor(bookingId, '4');
    await confirm(intent.body.clientSecret, THREE_D_SECURE);
    expect(await authenticate(intent.body.clientSecret, false)).toEqual({
      error: {
        type: 'card_error',
        code: 'payment_intent_authentication_failure',
        message:
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      },
    });
    const intentId = intent.body.clientSecret.split('_secret_')[0];
    const record = await call(server, 'POST', '/api/payment/create', {
      as: buyer,
      body: recordBody(productId, bookingId, intentId, '4'),
    });
    expect(record.status).toBe(400);
    expect((await call(server, 'GET', `/api/booking/list/${bookingId}`, { as: buyer })).body.paid).toBe(false);
    // The rejected step cannot be approved afterwards; a card that needs no authentication pays.
    expect(await authenticate(intent.body.clientSecret, true)).toEqual({
      error: expect.objectContaining({ code: 'payment_intent_unexpected_state' }),
    });
    expect(await confirm(intent.body.clientSecret, '4242424242424242')).toMatchObject({
      paymentIntent: { status: 'succeeded' },
    });
  });

  it('answers 404 for an unknown client secret and 400 without the user’s answer', async () => {
    const unknown = await call(server, 'POST', '/api/payments/sandbox/authenticate', {
      body: { clientSecret: 'pi_nope_secret_x', approve: true },
    });
    expect(unknown.status).toBe(404);
    const { bookingId } = await bookedProduct('2');
    const intent = await intentFor(bookingId, '2');
    const unanswered = await call(server, 'POST', '/api/payments/sandbox/authenticate', {
      body: { clientSecret: intent.body.clientSecret, approve: 'yes' },
    });
    expect(unanswered).toMatchObject({ status: 400, body: { field: 'approve' } });
  });
});

describe('a book that can no longer be sold gets no payment intent', () => {
  it('refuses a book sold to someone else, hidden by an admin, deleted by its seller, or whose seller was deleted', async () => {
    const sold = await bookedProduct('7');
    const otherBooking = await givenBooking(server, buyer2, sold.productId);
    const paid = await intentFor(otherBooking, '7', buyer2);
    const charged = await confirm(paid.body.clientSecret, '4242424242424242');
    if (!('paymentIntent' in charged)) throw new Error('should succeed');
    await call(server, 'POST', '/api/payment/create', {
      as: buyer2,
      body: { ...recordBody(sold.productId, otherBooking, charged.paymentIntent.id, '7'), buyerEmail: buyer2.email },
    });

    const hidden = await bookedProduct('7');
    await call(server, 'POST', '/api/report/create', {
      as: buyer2,
      body: { productId: hidden.productId, reason: 'Other' },
    });
    await call(server, 'PUT', `/api/report/update/${hidden.productId}`, { as: admin });

    const removed = await bookedProduct('7');
    await call(server, 'DELETE', `/api/product/delete/${removed.productId}`, { as: seller });

    const leaving = await givenUser(server, 'seller', 'Leaving Seller');
    const orphanProduct = await givenProduct(server, leaving, { resale_price: '7' });
    const orphanBooking = await givenBooking(server, buyer, orphanProduct);
    await call(server, 'DELETE', `/api/user/delete/${leaving.id}`, { as: admin });

    const answers = await Promise.all(
      [sold.bookingId, hidden.bookingId, removed.bookingId, orphanBooking].map((id) => intentFor(id, '7')),
    );
    expect(answers.map((a) => [a.status, a.body.message])).toEqual([
      [409, 'This book is already sold'],
      [409, 'This book is no longer available'],
      [409, 'This book is no longer available'],
      [409, 'This book is no longer available'],
    ]);
  });
});

describe('a charged payment that loses the race for the book', () => {
  async function chargedBooking(productId: string, who: Person, price: string) {
    const bookingId = await givenBooking(server, who, productId);
    const intent = await intentFor(bookingId, price, who);
    const result = await confirm(intent.body.clientSecret, '4242424242424242');
    if (!('paymentIntent' in result)) throw new Error('should succeed');
    return { bookingId, intentId: result.paymentIntent.id };
  }
  const record = (who: Person, productId: string, bookingId: string, transactionId: string, price: string) =>
    call(server, 'POST', '/api/payment/create', {
      as: who,
      body: { ...recordBody(productId, bookingId, transactionId, price), buyerEmail: who.email },
    });

  it('is refunded through the gateway, recorded for audit, and the buyer is told', async () => {
    const productId = await givenProduct(server, seller, { resale_price: '21.50' });
    const winner = await chargedBooking(productId, buyer, '21.50');
    const loser = await chargedBooking(productId, buyer2, '21.50');
    expect((await record(buyer, productId, winner.bookingId, winner.intentId, '21.50')).status).toBe(201);

    const lost = await record(buyer2, productId, loser.bookingId, loser.intentId, '21.50');
    expect(lost).toMatchObject(refusedWith('This book was sold to someone else. Your payment was refunded.'));
    const [intent] = await server.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, loser.intentId));
    expect(intent).toMatchObject({ status: 'succeeded', amountRefunded: 2150 });
    const [winnerIntent] = await server.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, winner.intentId));
    expect(winnerIntent!.amountRefunded).toBe(0);
    expect(await server.db.select().from(refunds).where(eq(refunds.transactionId, loser.intentId))).toEqual([
      expect.objectContaining({
        bookingId: loser.bookingId,
        productId,
        buyerEmail: buyer2.email,
        amountCents: 2150,
        currency: 'usd',
        reason: 'sold-to-someone-else',
        gatewayStatus: 'succeeded',
        gatewayRefundId: expect.stringMatching(/^re_/),
      }),
    ]);
    const [loserBooking] = await server.db.select().from(bookings).where(eq(bookings.id, loser.bookingId));
    expect(loserBooking!.paid).toBe(false);

    // Sending it again changes nothing and tells the same.
    const again = await record(buyer2, productId, loser.bookingId, loser.intentId, '21.50');
    expect(again).toMatchObject(refusedWith(lost.body.message));
    expect(await server.db.select().from(refunds).where(eq(refunds.transactionId, loser.intentId))).toHaveLength(1);
  });

  it('is refunded when the book was hidden after the card was charged', async () => {
    const productId = await givenProduct(server, seller, { resale_price: '3.25' });
    const charged = await chargedBooking(productId, buyer, '3.25');
    await call(server, 'POST', '/api/report/create', { as: buyer2, body: { productId, reason: 'Other' } });
    await call(server, 'PUT', `/api/report/update/${productId}`, { as: admin });
    const lost = await record(buyer, productId, charged.bookingId, charged.intentId, '3.25');
    expect(lost).toMatchObject(refusedWith('This book is no longer available. Your payment was refunded.'));
    const [refund] = await server.db.select().from(refunds).where(eq(refunds.transactionId, charged.intentId));
    expect(refund).toMatchObject({ reason: 'no-longer-available', amountCents: 325 });
  });

  it('is not refunded when the same payment is recorded twice at once: both answers name one record', async () => {
    const productId = await givenProduct(server, seller, { resale_price: '9.99' });
    const charged = await chargedBooking(productId, buyer, '9.99');
    const answers = await Promise.all(
      [1, 2].map(() => record(buyer, productId, charged.bookingId, charged.intentId, '9.99')),
    );
    expect(answers.every((a) => a.status < 300)).toBe(true);
    expect(answers[0]!.body.insertedId).toBe(answers[1]!.body.insertedId);
    expect(await server.db.select().from(refunds).where(eq(refunds.transactionId, charged.intentId))).toHaveLength(0);
  });
});
