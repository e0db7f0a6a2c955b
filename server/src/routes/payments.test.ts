import { sandboxConfirmResponseSchema } from '@bookswap/shared/schemas';
import {
  BEA_BUYER,
  BO_BUYER,
  call,
  givenBooking,
  givenProduct,
  SAM_SELLER,
  serverForThisFile,
  type Person,
} from '../testing/test-server';

const { server, seller, buyer, buyer2 } = serverForThisFile({ seller: SAM_SELLER, buyer: BEA_BUYER, buyer2: BO_BUYER });

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
