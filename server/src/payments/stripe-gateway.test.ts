import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { refunds } from '../db/schema';
import {
  BEA_BUYER,
  BO_BUYER,
  call,
  givenBooking,
  givenProduct,
  SAM_SELLER,
  serverForThisFile,
} from '../testing/test-server';
import { StripeGateway } from './stripe-gateway';

/** A small local stand-in for Stripe's PaymentIntents endpoints, enough for the real `stripe` package. */
interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
}

interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  metadata: Record<string, string>;
}

function fakeStripe() {
  const intents = new Map<string, FakeIntent>();
  const byIdempotencyKey = new Map<string, FakeIntent>();
  const refunds = new Map<string, FakeRefund>();
  const refundsByIdempotencyKey = new Map<string, FakeRefund>();
  const seen: { method: string; path: string; idempotencyKey?: string; auth?: string; form?: URLSearchParams }[] = [];
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const form = new URLSearchParams(raw);
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      seen.push({
        method: request.method!,
        path: request.url!,
        idempotencyKey,
        auth: request.headers.authorization,
        form,
      });
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
        response.end(JSON.stringify(body));
      };
      if (request.method === 'POST' && request.url === '/v1/payment_intents') {
        const existing = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
        if (existing) return send(200, existing);
        const id = `pi_fake_${intents.size + 1}`;
        const metadata: Record<string, string> = {};
        for (const [key, value] of form) {
          const match = /^metadata\[(.+)\]$/.exec(key);
          if (match) metadata[match[1]!] = value;
        }
        const intent: FakeIntent = {
          id,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: form.get('currency') ?? '',
          status: 'requires_payment_method',
          client_secret: `${id}_secret_fake`,
          metadata,
        };
        intents.set(id, intent);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, intent);
        return send(200, intent);
      }
      if (request.method === 'POST' && request.url === '/v1/refunds') {
        const existing = idempotencyKey ? refundsByIdempotencyKey.get(idempotencyKey) : undefined;
        if (existing) return send(200, existing);
        const intent = intents.get(form.get('payment_intent') ?? '');
        if (!intent || intent.status !== 'succeeded') {
          return send(400, {
            error: { type: 'invalid_request_error', code: 'charge_not_refundable', message: 'Nothing to refund' },
          });
        }
        const refund: FakeRefund = {
          id: `re_fake_${refunds.size + 1}`,
          object: 'refund',
          amount: intent.amount,
          currency: intent.currency,
          payment_intent: intent.id,
          status: 'succeeded',
          metadata: {},
        };
        refunds.set(refund.id, refund);
        if (idempotencyKey) refundsByIdempotencyKey.set(idempotencyKey, refund);
        return send(200, refund);
      }
      const cancel = /^\/v1\/payment_intents\/([^/?]+)\/cancel$/.exec(request.url ?? '');
      if (request.method === 'POST' && cancel) {
        const intent = intents.get(decodeURIComponent(cancel[1]!));
        if (!intent) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing' } });
        intent.status = 'canceled';
        return send(200, intent);
      }
      const match = /^\/v1\/payment_intents\/([^/?]+)/.exec(request.url ?? '');
      if (request.method === 'GET' && match) {
        const intent = intents.get(decodeURIComponent(match[1]!));
        if (intent) return send(200, intent);
        return send(404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' },
        });
      }
      return send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    });
  });
  return { server, intents, refunds, seen };
}

let stripe: ReturnType<typeof fakeStripe>;

beforeAll(async () => {
  stripe = fakeStripe();
  await new Promise<void>((resolve) => stripe.server.listen(0, '127.0.0.1', resolve));
});
// Registered after the fake Stripe starts and before it stops: Jest runs hooks in the order they are declared.
const { server, seller, buyer, buyer2 } = serverForThisFile(
  { seller: SAM_SELLER, buyer: BEA_BUYER, buyer2: BO_BUYER },
  () => ({
    stripeSecretKey: 'sk_test_fake',
    stripePublishableKey: 'pk_test_fake',
    stripeApi: { host: '127.0.0.1', port: (stripe.server.address() as AddressInfo).port, protocol: 'http' },
  }),
);
afterAll(async () => {
  await new Promise((resolve) => stripe.server.close(resolve));
});

describe('paying through Stripe', () => {
  it('tells the browser to load Stripe.js with the publishable key', async () => {
    expect((await call(server, 'GET', '/api/payments/config')).body).toEqual({
      mode: 'stripe',
      publishableKey: 'pk_test_fake',
    });
  });

  it('creates one intent per booking amount with an idempotency key, and records the payment once Stripe says it succeeded', async () => {
    const productId = await givenProduct(server, seller, { resale_price: '19.99' });
    const bookingId = await givenBooking(server, buyer, productId);
    const first = await call(server, 'POST', '/api/payment/create/intent', {
      as: buyer,
      body: { price: 19.99, bookingid: bookingId },
    });
    expect(first.body).toEqual({ clientSecret: 'pi_fake_1_secret_fake' });
    const again = await call(server, 'POST', '/api/payment/create/intent', {
      as: buyer,
      body: { price: '19.99', bookingid: bookingId },
    });
    expect(again.body.clientSecret).toBe(first.body.clientSecret);

    const creates = stripe.seen.filter((r) => r.method === 'POST');
    expect(creates).toHaveLength(2);
    expect(creates[0]!.idempotencyKey).toBeTruthy();
    expect(creates[1]!.idempotencyKey).toBe(creates[0]!.idempotencyKey);
    expect(creates[0]!.auth).toBe('Bearer sk_test_fake');
    expect(creates[0]!.form?.get('amount')).toBe('1999');
    expect(creates[0]!.form?.get('currency')).toBe('usd');
    expect(creates[0]!.form?.get('metadata[bookingId]')).toBe(bookingId);

    const record = {
      price: '19.99',
      bookingid: bookingId,
      buyerEmail: buyer.email,
      category_id: productId,
      transactionId: 'pi_fake_1',
    };
    const early = await call(server, 'POST', '/api/payment/create', { as: buyer, body: record });
    expect(early.status).toBe(400);
    expect(early.body.message).toMatch(/not succeeded/);

    stripe.intents.get('pi_fake_1')!.status = 'succeeded';
    const paid = await call(server, 'POST', '/api/payment/create', { as: buyer, body: record });
    expect(paid.status).toBe(201);
    expect((await call(server, 'GET', `/api/booking/list/${bookingId}`, { as: buyer })).body.paid).toBe(true);
  });

  it('refuses a transaction id Stripe does not know, and a succeeded intent of another amount', async () => {
    const productId = await givenProduct(server, seller, { resale_price: '8' });
    const bookingId = await givenBooking(server, buyer, productId);
    const record = { price: '8', bookingid: bookingId, buyerEmail: buyer.email, category_id: productId };
    const unknown = await call(server, 'POST', '/api/payment/create', {
      as: buyer,
      body: { ...record, transactionId: 'pi_unknown' },
    });
    expect(unknown.status).toBe(400);

    await call(server, 'POST', '/api/payment/create/intent', { as: buyer, body: { price: '8', bookingid: bookingId } });
    const intent = [...stripe.intents.values()].find((i) => i.metadata.bookingId === bookingId)!;
    intent.status = 'succeeded';
    intent.amount = 100;
    const wrongAmount = await call(server, 'POST', '/api/payment/create', {
      as: buyer,
      body: { ...record, transactionId: intent.id },
    });
    expect(wrongAmount.status).toBe(400);
    expect(wrongAmount.body.message).toMatch(/amount/);
  });

  it('turns the card sandbox off', async () => {
    const response = await call(server, 'POST', '/api/payments/sandbox/confirm', {
      body: {
        clientSecret: 'pi_fake_1_secret_fake',
        card: { number: '4242424242424242', expMonth: 1, expYear: 2099, cvc: '123' },
      },
    });
    expect(response.status).toBe(404);
  });
});

describe('refunds through Stripe', () => {
  const fakeApi = () => ({
    host: '127.0.0.1',
    port: (stripe.server.address() as AddressInfo).port,
    protocol: 'http' as const,
  });

  it('refunds the buyer who lost the race for a book, records it, and tells them', async () => {
    const productId = await givenProduct(server, seller, { resale_price: '14' });
    const bookings = [await givenBooking(server, buyer, productId), await givenBooking(server, buyer2, productId)];
    const intentIds: string[] = [];
    for (const [i, who] of [buyer, buyer2].entries()) {
      await call(server, 'POST', '/api/payment/create/intent', {
        as: who,
        body: { price: '14', bookingid: bookings[i] },
      });
      const intent = [...stripe.intents.values()].find((p) => p.metadata.bookingId === bookings[i])!;
      intent.status = 'succeeded';
      intentIds.push(intent.id);
    }
    const record = (i: number) =>
      call(server, 'POST', '/api/payment/create', {
        as: [buyer, buyer2][i]!,
        body: {
          price: '14',
          bookingid: bookings[i],
          buyerEmail: [buyer, buyer2][i]!.email,
          category_id: productId,
          transactionId: intentIds[i],
        },
      });
    expect((await record(0)).status).toBe(201);
    const lost = await record(1);
    expect(lost).toMatchObject({
      status: 409,
      body: { message: 'This book was sold to someone else. Your payment was refunded.' },
    });

    const refundCalls = stripe.seen.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]!.form?.get('payment_intent')).toBe(intentIds[1]);
    expect(refundCalls[0]!.idempotencyKey).toBe(`refund-${intentIds[1]}`);
    const refund = [...stripe.refunds.values()].find((r) => r.payment_intent === intentIds[1])!;
    expect(await server.db.select().from(refunds).where(eq(refunds.transactionId, intentIds[1]!))).toEqual([
      expect.objectContaining({
        gatewayRefundId: refund.id,
        gatewayStatus: 'succeeded',
        amountCents: 1400,
        reason: 'sold-to-someone-else',
        buyerEmail: buyer2.email,
      }),
    ]);
  });

  it('gives the same refund when asked twice, and cancels an intent that was never charged', async () => {
    const gateway = new StripeGateway({ secretKey: 'sk_test_fake', api: fakeApi() });
    const charged = await gateway.createIntent({
      amountCents: 500,
      currency: 'usd',
      bookingId: 'booking-refund-twice',
      idempotencyKey: 'refund-twice',
    });
    stripe.intents.get(charged.id)!.status = 'succeeded';
    const first = await gateway.refund(charged.id);
    expect(first).toEqual({ id: expect.stringMatching(/^re_fake_/), status: 'succeeded', amountCents: 500 });
    expect(await gateway.refund(charged.id)).toEqual(first);

    const unpaid = await gateway.createIntent({
      amountCents: 700,
      currency: 'usd',
      bookingId: 'booking-never-charged',
      idempotencyKey: 'never-charged',
    });
    expect(await gateway.refund(unpaid.id)).toEqual({ id: unpaid.id, status: 'canceled', amountCents: 0 });
    expect(stripe.intents.get(unpaid.id)!.status).toBe('canceled');
    expect(stripe.seen.some((r) => r.method === 'POST' && r.path === `/v1/payment_intents/${unpaid.id}/cancel`)).toBe(
      true,
    );
  });
});
