import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import { drawCover } from './seed/cover-image';
import {
  BEA_BUYER,
  call,
  emulatorIdToken,
  givenProduct,
  SAM_SELLER,
  serverForThisFile,
  startAnotherInstance,
  type TestServer,
  uploadImage,
} from './testing/test-server';

// Two API instances on one PostgreSQL, every call sent to the next one in turn as a round-robin load balancer
// would (server/README.md, "Scaling out"). PGlite is one process: these run with DATABASE_URL only.
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

const { server, seller, buyer } = serverForThisFile({ seller: { ...SAM_SELLER, verified: true }, buyer: BEA_BUYER });

onPostgres('two API instances behind a round-robin', () => {
  let second: FastifyInstance;
  const started: FastifyInstance[] = [];
  let turn = 0;
  /** The instance that takes the next call. */
  const next = (): TestServer => (turn++ % 2 === 0 ? server : { ...server, app: second });

  /** Another instance of this deployment on the same database, closed after the file's tests. */
  async function anotherInstance(overrides: Partial<ServerConfig> = {}): Promise<FastifyInstance> {
    const { app } = await startAnotherInstance(server, overrides);
    started.push(app);
    return app;
  }

  beforeAll(async () => {
    second = await anotherInstance();
  });
  afterAll(async () => {
    // Each closes its database handle too.
    await Promise.all(started.map((app) => app.close()));
  });

  it('accepts on each instance the access token the other issued', async () => {
    for (let i = 0; i < 4; i++) {
      const mine = await call(next(), 'GET', `/api/booking/list?email=${encodeURIComponent(buyer.email)}`, {
        as: buyer,
      });
      expect(mine.status).toBe(200);
    }
  });

  it('lets a buyer find, book and pay for a book with every call on the other instance than the last', async () => {
    const productId = await givenProduct(next(), seller, { book_name: 'Roundrobin Rhymes', resale_price: '8' });
    const found = await call(next(), 'GET', '/api/category/list?search=roundrobin&page=0&size=5');
    expect(found.body.count).toBe(1);
    expect(found.body.products[0]._id).toBe(productId);

    const booked = await call(next(), 'POST', '/api/booking/create', {
      as: buyer,
      body: { category_id: productId, phone: '+880 1711 333333', meetingLocation: 'Gate 4' },
    });
    expect(booked.status).toBe(201);
    const bookingId = booked.body.insertedId as string;
    const intent = await call(next(), 'POST', '/api/payment/create/intent', {
      as: buyer,
      body: { price: '8', bookingid: bookingId },
    });
    expect(intent.status).toBe(200);
    // The card sandbox keeps its intents in the database: the other instance confirms what this one created.
    const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' };
    const confirmed = await call(next(), 'POST', '/api/payments/sandbox/confirm', {
      body: { clientSecret: intent.body.clientSecret, card },
    });
    expect(confirmed.body.paymentIntent).toMatchObject({ status: 'succeeded', amount: 800 });
    const paid = await call(next(), 'POST', '/api/payment/create', {
      as: buyer,
      body: {
        price: '8',
        bookingid: bookingId,
        buyerEmail: buyer.email,
        category_id: productId,
        transactionId: confirmed.body.paymentIntent.id,
      },
    });
    expect(paid.status).toBe(201);

    for (let i = 0; i < 2; i++) {
      const after = await call(next(), 'GET', '/api/category/list?search=roundrobin&page=0&size=5');
      expect(after.body.products[0]).toMatchObject({ _id: productId, paid: true });
      expect((await call(next(), 'GET', `/api/booking/list/${bookingId}`, { as: buyer })).body.paid).toBe(true);
    }
  });

  it('serves through each instance the image a seller uploaded through the other', async () => {
    const cover = drawCover(7, 8, 8);
    const uploaded = await uploadImage(next(), seller, cover);
    expect(uploaded.statusCode).toBe(200);
    const imagePath = new URL(uploaded.json().data.url as string).pathname;
    for (let i = 0; i < 2; i++) {
      const served = await next().app.inject({ method: 'GET', url: imagePath });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(cover)).toBe(true);
    }
  });

  it('counts a rate limit once across both instances, not once on each', async () => {
    const limits = { tokenPerMinute: 3, writesPerMinute: 10_000, searchPerMinute: 10_000, telemetryPerMinute: 10_000 };
    const [one, two] = [await anotherInstance({ rateLimits: limits }), await anotherInstance({ rateLimits: limits })];
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const response = await (i % 2 === 0 ? one : two).inject({
        method: 'GET',
        url: '/api/jwt/list?email=nobody@example.test',
        // An address of its own: other tests' token calls on this database count under 127.0.0.1.
        remoteAddress: '203.0.113.77',
        headers: { authorization: `Bearer ${emulatorIdToken({ email: 'nobody@example.test' })}` },
      });
      statuses.push(response.statusCode);
    }
    // Three allowed in the minute by the two instances together; the fourth is refused wherever it lands.
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});
