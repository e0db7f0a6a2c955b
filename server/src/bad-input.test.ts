import { count } from 'drizzle-orm';
import {
  auditLog,
  bannedEmails,
  bookings,
  mailOutbox,
  notifications,
  payments,
  products,
  refunds,
  reports,
  reviews,
  users,
} from './db/schema';
import {
  ADA_ADMIN,
  BEA_BUYER,
  call,
  emulatorIdToken,
  givenBooking,
  givenProduct,
  givenUser,
  SAM_SELLER,
  startTestServer,
  serverForThisFile,
  VALID_PRODUCT,
} from './testing/test-server';
import { STOREFRONT_LOAD_REPORT } from './testing/telemetry-samples';

const { server, seller, buyer, admin } = serverForThisFile({ seller: SAM_SELLER, buyer: BEA_BUYER, admin: ADA_ADMIN });
let productId: string;
let bookingId: string;

beforeAll(async () => {
  productId = await givenProduct(server, seller);
  bookingId = await givenBooking(server, buyer, productId);
});

async function rowCounts() {
  const counts = await Promise.all(
    [
      users,
      products,
      bookings,
      payments,
      reports,
      auditLog,
      refunds,
      bannedEmails,
      notifications,
      mailOutbox,
      reviews,
    ].map(async (table) => Number((await server.db.select({ n: count() }).from(table))[0]!.n)),
  );
  return counts;
}

type As = 'seller' | 'buyer' | 'admin' | 'idToken';
interface BadCase {
  what: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: () => string;
  as: As;
  body?: unknown;
  rawBody?: string;
  field: string;
}

const without = (key: keyof typeof VALID_PRODUCT) => {
  const copy: Record<string, unknown> = { ...VALID_PRODUCT };
  delete copy[key];
  return copy;
};
/** An edit's body: the fields a seller may change of VALID_PRODUCT. */
const editable = () => {
  const copy: Record<string, unknown> = { ...VALID_PRODUCT };
  for (const fixed of ['category_id', 'description', 'Year_of_use']) delete copy[fixed];
  return copy;
};
const booking = (extra: Record<string, unknown>) => ({
  category_id: productId,
  phone: '+880 1711 000000',
  meetingLocation: 'Gate',
  ...extra,
});
const payment = (extra: Record<string, unknown>) => ({
  price: '12.50',
  bookingid: bookingId,
  buyerEmail: buyer.email,
  category_id: productId,
  transactionId: 'pi_x',
  ...extra,
});
const newUser = (extra: Record<string, unknown>) => ({
  userEmail: 'fresh@example.test',
  userName: 'Fresh',
  role: 'buyer',
  ...extra,
});

const TELEMETRY_LOAD = STOREFRONT_LOAD_REPORT;

const CASES: BadCase[] = [
  // POST /api/user/create
  {
    what: 'user without email',
    method: 'POST',
    url: () => '/api/user/create',
    as: 'idToken',
    body: newUser({ userEmail: undefined }),
    field: 'userEmail',
  },
  {
    what: 'user with a bad email',
    method: 'POST',
    url: () => '/api/user/create',
    as: 'idToken',
    body: newUser({ userEmail: 'not-an-email' }),
    field: 'userEmail',
  },
  {
    what: 'user with empty name',
    method: 'POST',
    url: () => '/api/user/create',
    as: 'idToken',
    body: newUser({ userName: '  ' }),
    field: 'userName',
  },
  {
    what: 'user as admin',
    method: 'POST',
    url: () => '/api/user/create',
    as: 'idToken',
    body: newUser({ role: 'admin' }),
    field: 'role',
  },
  {
    what: 'user with NUL in name',
    method: 'POST',
    url: () => '/api/user/create',
    as: 'idToken',
    body: newUser({ userName: 'a\u0000b' }),
    field: 'userName',
  },
  {
    what: 'user body that is an array',
    method: 'POST',
    url: () => '/api/user/create',
    as: 'idToken',
    body: [newUser({})],
    field: 'body',
  },
  // POST /api/product/create
  ...(
    [
      'book_name',
      'author_name',
      'category_id',
      'book_condition',
      'original_price',
      'resale_price',
      'Year_of_use',
      'location',
      'img',
    ] as const
  ).map((key): BadCase => ({
    what: `product without ${key}`,
    method: 'POST',
    url: () => '/api/product/create',
    as: 'seller',
    body: without(key),
    field: key,
  })),
  {
    what: 'product with unknown category',
    method: 'POST',
    url: () => '/api/product/create',
    as: 'seller',
    body: { ...VALID_PRODUCT, category_id: '10' },
    field: 'category_id',
  },
  {
    what: 'product with bad condition',
    method: 'POST',
    url: () => '/api/product/create',
    as: 'seller',
    body: { ...VALID_PRODUCT, book_condition: 'Mint' },
    field: 'book_condition',
  },
  {
    what: 'product with a price that is not a price',
    method: 'POST',
    url: () => '/api/product/create',
    as: 'seller',
    body: { ...VALID_PRODUCT, resale_price: '12,5 taka' },
    field: 'resale_price',
  },
  {
    what: 'product with a price as object',
    method: 'POST',
    url: () => '/api/product/create',
    as: 'seller',
    body: { ...VALID_PRODUCT, original_price: { $gt: 0 } },
    field: 'original_price',
  },
  {
    what: 'product with a javascript: image',
    method: 'POST',
    url: () => '/api/product/create',
    as: 'seller',
    body: { ...VALID_PRODUCT, img: 'javascript:alert(1)' },
    field: 'img',
  },
  {
    what: 'product with a cover from another host',
    method: 'POST',
    url: () => '/api/product/create',
    as: 'seller',
    body: { ...VALID_PRODUCT, img: 'https://tracker.example/images/pixel.gif' },
    field: 'img',
  },
  {
    what: 'product with a cover that is not an image of the store',
    method: 'POST',
    url: () => '/api/product/create',
    as: 'seller',
    body: { ...VALID_PRODUCT, img: 'https://tracker.example/pixel.gif' },
    field: 'img',
  },
  {
    what: 'product with a huge name',
    method: 'POST',
    url: () => '/api/product/create',
    as: 'seller',
    body: { ...VALID_PRODUCT, book_name: 'x'.repeat(5000) },
    field: 'book_name',
  },
  {
    what: 'product with invalid JSON',
    method: 'POST',
    url: () => '/api/product/create',
    as: 'seller',
    rawBody: '{"book_name": ',
    field: '',
  },
  // Reviews after hand-over (decision 034): POST /api/booking/:id/review, GET /api/seller/:id/reviews
  {
    what: 'review with 9 stars',
    method: 'POST',
    url: () => `/api/booking/${bookingId}/review`,
    as: 'buyer',
    body: { stars: 9, text: 'Great' },
    field: 'stars',
  },
  {
    what: 'review with a text over 1,000 characters',
    method: 'POST',
    url: () => `/api/booking/${bookingId}/review`,
    as: 'buyer',
    body: { stars: 4, text: 'x'.repeat(1001) },
    field: 'text',
  },
  {
    what: 'review of a bad booking id',
    method: 'POST',
    url: () => '/api/booking/bad%20id!/review',
    as: 'buyer',
    body: { stars: 4 },
    field: 'id',
  },
  {
    what: 'seller reviews with a page size of 7',
    method: 'GET',
    url: () => `/api/seller/${seller.id}/reviews?size=7`,
    as: 'buyer',
    field: 'size',
  },
  // The booking's life (decision 024): PUT /api/booking/cancel|decline|handover/:id, PUT /api/notification/read/:id
  {
    what: 'cancel a malformed booking id',
    method: 'PUT',
    url: () => '/api/booking/cancel/bad%20id!',
    as: 'buyer',
    field: 'id',
  },
  {
    what: 'decline a booking id that is too long',
    method: 'PUT',
    url: () => `/api/booking/decline/${'b'.repeat(65)}`,
    as: 'seller',
    field: 'id',
  },
  {
    what: 'hand over a malformed booking id',
    method: 'PUT',
    url: () => '/api/booking/handover/%00',
    as: 'seller',
    field: 'id',
  },
  {
    what: 'read a malformed notification id',
    method: 'PUT',
    url: () => '/api/notification/read/no%20such!',
    as: 'buyer',
    field: 'id',
  },
  // PUT /api/product/update/:id, DELETE /api/product/delete/:id
  {
    what: 'advertise with addADS false',
    method: 'PUT',
    url: () => `/api/product/update/${productId}`,
    as: 'seller',
    body: { addADS: false },
    field: 'addADS',
  },
  {
    what: 'advertise a malformed id',
    method: 'PUT',
    url: () => '/api/product/update/bad%20id!',
    as: 'seller',
    body: {},
    field: 'id',
  },
  {
    what: 'edit with a resale price that is no price',
    method: 'PUT',
    url: () => `/api/product/edit/${productId}`,
    as: 'seller',
    body: () => ({ ...editable(), resale_price: 'about ten' }),
    field: 'resale_price',
  },
  {
    what: 'edit a malformed id',
    method: 'PUT',
    url: () => '/api/product/edit/bad%20id!',
    as: 'seller',
    body: () => editable(),
    field: 'id',
  },
  {
    what: 'delete a malformed id',
    method: 'DELETE',
    url: () => `/api/product/delete/${'x'.repeat(65)}`,
    as: 'seller',
    field: 'id',
  },
  // POST /api/booking/create
  {
    what: 'booking without product',
    method: 'POST',
    url: () => '/api/booking/create',
    as: 'buyer',
    body: () => booking({ category_id: undefined }),
    field: 'category_id',
  },
  {
    what: 'booking with a lone surrogate in the meeting place (was a 500 logging the phone)',
    method: 'POST',
    url: () => '/api/booking/create',
    as: 'buyer',
    body: () => booking({ meetingLocation: 'Library \uD800 door' }),
    field: 'meetingLocation',
  },
  {
    what: 'user with a lone surrogate in the name',
    method: 'POST',
    url: () => '/api/user/create',
    as: 'idToken',
    body: newUser({ userName: 'Bea \uDC00' }),
    field: 'userName',
  },
  {
    what: 'booking without phone',
    method: 'POST',
    url: () => '/api/booking/create',
    as: 'buyer',
    body: () => booking({ phone: '' }),
    field: 'phone',
  },
  {
    what: 'booking with a phone of letters',
    method: 'POST',
    url: () => '/api/booking/create',
    as: 'buyer',
    body: () => booking({ phone: 'call me maybe' }),
    field: 'phone',
  },
  {
    what: 'booking without meeting location',
    method: 'POST',
    url: () => '/api/booking/create',
    as: 'buyer',
    body: () => booking({ meetingLocation: undefined }),
    field: 'meetingLocation',
  },
  // POST /api/report/create, PUT /api/report/update/:productId
  {
    what: 'report with an unlisted reason',
    method: 'POST',
    url: () => '/api/report/create',
    as: 'buyer',
    body: () => ({ productId, reason: 'Boring' }),
    field: 'reason',
  },
  {
    what: 'report without product',
    method: 'POST',
    url: () => '/api/report/create',
    as: 'buyer',
    body: { reason: 'Other' },
    field: 'productId',
  },
  {
    what: 'report flagged true by the client',
    method: 'POST',
    url: () => '/api/report/create',
    as: 'buyer',
    body: () => ({ productId, reason: 'Other', report: true }),
    field: 'report',
  },
  {
    what: 'hide a malformed product id',
    method: 'PUT',
    url: () => '/api/report/update/%3Cscript%3E',
    as: 'admin',
    field: 'productId',
  },
  // users by id
  {
    what: 'verify a malformed id',
    method: 'PUT',
    url: () => '/api/user/seller/verify/..%2F..',
    as: 'admin',
    field: 'id',
  },
  {
    what: 'delete a malformed user id',
    method: 'DELETE',
    url: () => '/api/user/delete/a%20b',
    as: 'admin',
    field: 'id',
  },
  // payments
  {
    what: 'intent without booking',
    method: 'POST',
    url: () => '/api/payment/create/intent',
    as: 'buyer',
    body: { price: '12.50' },
    field: 'bookingid',
  },
  {
    what: 'intent with a negative price',
    method: 'POST',
    url: () => '/api/payment/create/intent',
    as: 'buyer',
    body: () => ({ price: -5, bookingid: bookingId }),
    field: 'price',
  },
  {
    what: 'payment without transaction',
    method: 'POST',
    url: () => '/api/payment/create',
    as: 'buyer',
    body: () => payment({ transactionId: '' }),
    field: 'transactionId',
  },
  {
    what: 'payment with a bad email',
    method: 'POST',
    url: () => '/api/payment/create',
    as: 'buyer',
    body: () => payment({ buyerEmail: 'x' }),
    field: 'buyerEmail',
  },
  {
    what: 'payment with a price as text words',
    method: 'POST',
    url: () => '/api/payment/create',
    as: 'buyer',
    body: () => payment({ price: 'free' }),
    field: 'price',
  },
  {
    what: 'payment for an unknown product',
    method: 'POST',
    url: () => '/api/payment/create',
    as: 'buyer',
    body: () => payment({ category_id: 'f'.repeat(24) }),
    field: 'category_id',
  },
  {
    what: 'sandbox confirm with a short card number',
    method: 'POST',
    url: () => '/api/payments/sandbox/confirm',
    as: 'buyer',
    body: { clientSecret: 'x', card: { number: '4242', expMonth: 1, expYear: 2030, cvc: '123' } },
    field: 'card.number',
  },
  {
    what: 'sandbox authentication without the user’s answer',
    method: 'POST',
    url: () => '/api/payments/sandbox/authenticate',
    as: 'buyer',
    body: { clientSecret: 'x' },
    field: 'approve',
  },
  {
    what: 'sandbox authentication without a client secret',
    method: 'POST',
    url: () => '/api/payments/sandbox/authenticate',
    as: 'buyer',
    body: { approve: true },
    field: 'clientSecret',
  },
  {
    what: 'dismissing a report by a malformed id',
    method: 'PUT',
    url: () => '/api/report/dismiss/%3Cscript%3E',
    as: 'admin',
    field: 'id',
  },
  // reads
  {
    what: 'book list with page -1',
    method: 'GET',
    url: () => '/api/category/list?page=-1',
    as: 'buyer',
    field: 'page',
  },
  { what: 'book list with size 7', method: 'GET', url: () => '/api/category/list?size=7', as: 'buyer', field: 'size' },
  {
    what: 'book list with page as words',
    method: 'GET',
    url: () => '/api/category/list?page=two',
    as: 'buyer',
    field: 'page',
  },
  {
    what: 'book list paged past 10,000 books (each page is an OFFSET scan)',
    method: 'GET',
    url: () => '/api/category/list?page=500&size=20',
    as: 'buyer',
    field: 'page',
  },
  // The book list's filters
  {
    what: 'book list with minPrice above maxPrice',
    method: 'GET',
    url: () => '/api/category/list?minPrice=20&maxPrice=10',
    as: 'buyer',
    field: 'minPrice',
  },
  {
    what: 'book list with an unknown condition',
    method: 'GET',
    url: () => '/api/category/list?condition=Mint',
    as: 'buyer',
    field: 'condition.0',
  },
  {
    what: 'book list with an unknown sort',
    method: 'GET',
    url: () => '/api/category/list?sort=x',
    as: 'buyer',
    field: 'sort',
  },
  {
    what: 'book list in a category that does not exist',
    method: 'GET',
    url: () => '/api/category/list?category=2&category=10',
    as: 'buyer',
    field: 'category.1',
  },
  {
    what: 'category page with a price that is no price',
    method: 'GET',
    url: () => '/api/category/list/2?maxPrice=%3Cscript%3E',
    as: 'buyer',
    field: 'maxPrice',
  },

  {
    what: 'book list with two searches',
    method: 'GET',
    url: () => '/api/category/list?search=a&search=b',
    as: 'buyer',
    field: 'search',
  },
  {
    what: 'users by an unknown role',
    method: 'GET',
    url: () => '/api/user/role?role=admin',
    as: 'admin',
    field: 'role',
  },
  { what: 'my bookings without email', method: 'GET', url: () => '/api/booking/list', as: 'buyer', field: 'email' },
  {
    what: 'my products with a bad email',
    method: 'GET',
    url: () => '/api/product/list?email=nope',
    as: 'seller',
    field: 'email',
  },
  { what: 'token for a bad email', method: 'GET', url: () => '/api/jwt/list?email=%00', as: 'idToken', field: 'email' },
  {
    what: 'release-health report with a URL for a route',
    method: 'POST',
    url: () => '/api/telemetry',
    as: 'buyer',
    body: { reports: [{ ...TELEMETRY_LOAD, route: '/book/1?email=bea@example.test' }] },
    field: 'reports.0.route',
  },
  {
    what: 'release-health batch of 51 reports',
    method: 'POST',
    url: () => '/api/telemetry',
    as: 'buyer',
    body: { reports: Array.from({ length: 51 }, () => TELEMETRY_LOAD) },
    field: 'reports',
  },
  {
    what: 'release-health report with a field beyond the schema',
    method: 'POST',
    url: () => '/api/telemetry',
    as: 'buyer',
    body: { reports: [{ ...TELEMETRY_LOAD, email: 'bea@example.test' }] },
    field: 'reports.0',
  },
  {
    what: 'release-health vital of a negative value',
    method: 'POST',
    url: () => '/api/telemetry',
    as: 'buyer',
    body: { reports: [{ ...TELEMETRY_LOAD, kind: 'vital', outcome: undefined, name: 'LCP', value: -1 }] },
    field: 'reports.0.value',
  },
  {
    what: 'release-health batch past 16 KiB',
    method: 'POST',
    url: () => '/api/telemetry',
    as: 'buyer',
    rawBody: JSON.stringify({ reports: [TELEMETRY_LOAD] }) + ' '.repeat(16 * 1024),
    field: 'body',
  },
];

describe('bad input is refused with 400, naming the field, and stores nothing', () => {
  it.each(CASES.map((c) => [c.what, c] as const))('%s', async (_what, c) => {
    const before = await rowCounts();
    const token =
      c.as === 'idToken' ? emulatorIdToken({ email: 'fresh@example.test' }) : { seller, buyer, admin }[c.as].token;
    const response = await server.app.inject({
      method: c.method,
      url: c.url(),
      headers: {
        authorization: `Bearer ${token}`,
        ...(c.rawBody !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(c.rawBody !== undefined
        ? { payload: c.rawBody }
        : c.body !== undefined
          ? { payload: (typeof c.body === 'function' ? c.body() : c.body) as object }
          : {}),
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toEqual(expect.any(String));
    if (c.field) {
      expect(body.field).toBe(c.field);
      expect(body.message).toContain(c.field);
    }
    expect(await rowCounts()).toEqual(before);
  });
});

describe('limits', () => {
  it('answers unknown calls with a JSON 404', async () => {
    const response = await call(server, 'GET', '/api/nothing/here');
    expect(response.status).toBe(404);
    expect(response.body.message).toEqual(expect.any(String));
  });

  it('allows the configured shell and remotes as origins, and no other', async () => {
    const allowed = await server.app.inject({
      method: 'OPTIONS',
      url: '/api/booking/create',
      headers: { origin: 'http://localhost:3004', 'access-control-request-method': 'POST' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3004');
    const foreign = await server.app.inject({
      method: 'GET',
      url: '/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('rate limits', () => {
  it('slows down repeated token requests and writes with 429', async () => {
    const limited = await startTestServer({
      rateLimits: { tokenPerMinute: 3, writesPerMinute: 2, searchPerMinute: 10_000, telemetryPerMinute: 10_000 },
    });
    try {
      const person = await givenUser(limited, 'buyer', 'Hasty Buyer');
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (
            await call(limited, 'GET', `/api/jwt/list?email=${person.email}`, {
              headers: { authorization: `Bearer ${emulatorIdToken({ email: person.email })}` },
            })
          ).status,
        );
      }
      // givenUser already used one of the three token calls.
      expect(statuses).toEqual([200, 200, 429, 429]);
      const writes: number[] = [];
      for (let i = 0; i < 3; i++)
        writes.push(
          (await call(limited, 'POST', '/api/report/create', { as: person, body: { reason: 'Other' } })).status,
        );
      expect(writes).toEqual([400, 400, 429]);
      const limitedBody = await call(limited, 'POST', '/api/report/create', { as: person, body: { reason: 'Other' } });
      expect(limitedBody.body.message).toMatch(/Too many requests/);
    } finally {
      await limited.close();
    }
  });
});

describe('no input makes the server fail', () => {
  const weirdBodies: unknown[] = [
    null,
    [],
    'text',
    12345,
    { a: { b: { c: { d: [1, 2, { e: null }] } } } },
    { price: 1e308, bookingid: 'x'.repeat(64) },
    { __proto__: { admin: true } },
  ];
  const weirdIds = ['%00', '..', 'x'.repeat(300), '%F0%9F%93%9A', 'a%2Fb', '-1', 'null'];

  it('answers every route with something other than 500, for any caller and any body', async () => {
    const { allRoutes } = await import('./routes/all-routes');
    const statuses = new Set<number>();
    for (const route of allRoutes) {
      for (const [i, id] of weirdIds.entries()) {
        const url =
          route.url.replace(/:(\w+)/g, id) +
          (route.method === 'GET' ? `?email=${id}&role=${id}&page=${id}&size=${id}&search=${id}` : '');
        for (const token of [
          admin.token,
          seller.token,
          buyer.token,
          'not-a-token',
          emulatorIdToken({ email: 'x@example.test' }),
        ]) {
          const response = await server.app.inject({
            method: route.method,
            url,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            payload: JSON.stringify(weirdBodies[i % weirdBodies.length]),
          });
          statuses.add(response.statusCode);
          expect([route.method, url, response.statusCode < 500]).toEqual([route.method, url, true]);
          expect(response.json()).toBeDefined();
        }
      }
    }
    expect(statuses.has(500)).toBe(false);
  }, 120_000);

  it('answers health with its status', async () => {
    expect((await call(server, 'GET', '/health')).body).toEqual({ status: 'ok' });
  });
});
