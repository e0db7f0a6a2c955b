import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BEA_BUYER,
  call,
  givenBooking,
  givenProduct,
  SAM_SELLER,
  serverForThisFile,
  VALID_PRODUCT,
} from '../testing/test-server';

/** Stripe refusing the server's key, as it does after a key is rolled or revoked. */
const refusingStripe = http.createServer((_request, response) => {
  response.writeHead(401, { 'content-type': 'application/json', 'request-id': 'req_fake' });
  response.end(
    JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_***old' } }),
  );
});

beforeAll(async () => {
  await new Promise<void>((resolve) => refusingStripe.listen(0, '127.0.0.1', resolve));
});
// Declared after the fake Stripe starts (Jest runs hooks in order).
const { server, seller, buyer } = serverForThisFile({ seller: SAM_SELLER, buyer: BEA_BUYER }, () => ({
  stripeSecretKey: 'sk_test_old',
  stripeApi: { host: '127.0.0.1', port: (refusingStripe.address() as AddressInfo).port, protocol: 'http' },
}));
afterAll(async () => {
  await new Promise((resolve) => refusingStripe.close(resolve));
});

describe('the payment service refusing the server', () => {
  it('answers the buyer 502, not Stripe’s own 401 that would sign them out', async () => {
    const bookingId = await givenBooking(server, buyer, await givenProduct(server, seller));
    const intent = await call(server, 'POST', '/api/payment/create/intent', {
      as: buyer,
      body: { price: VALID_PRODUCT.resale_price, bookingid: bookingId },
    });
    expect(intent.status).toBe(502);
    expect(intent.body).toEqual({ message: expect.stringMatching(/card payment service/) });

    const record = await call(server, 'POST', '/api/payment/create', {
      as: buyer,
      body: {
        price: VALID_PRODUCT.resale_price,
        bookingid: bookingId,
        buyerEmail: buyer.email,
        category_id: (await call(server, 'GET', `/api/booking/list/${bookingId}`, { as: buyer })).body.category_id,
        transactionId: 'pi_fake_1',
      },
    });
    expect(record.status).toBe(502);
    // The buyer's session is untouched.
    expect((await call(server, 'GET', '/api/user/list', { as: buyer })).status).toBe(200);
  });
});
