import type { SandboxConfirmResponse } from '@bookswap/shared/schemas';
import { allRoutes } from './routes/all-routes';
import { ImageStore } from './images/image-store';
import { drawCover } from './seed/cover-image';
import {
  call,
  emulatorIdToken,
  givenBooking,
  givenProduct,
  givenUser,
  serverForThisFile,
  VALID_PRODUCT,
  type Person,
} from './testing/test-server';

/**
 * Who may call what: every call x (anonymous, buyer, seller, another seller, admin), each cell on fresh
 * resources. "seller" owns the product and "buyer" owns the booking the call is about.
 */
type Who = 'anonymous' | 'buyer' | 'seller' | 'otherSeller' | 'admin';
const WHO: Who[] = ['anonymous', 'buyer', 'seller', 'otherSeller', 'admin'];

interface World {
  product(): Promise<string>;
  booking(): Promise<string>;
  reportedProduct(): Promise<string>;
  unverifiedSeller(): Promise<string>;
  victim(): Promise<string>;
  paidIntent(): Promise<string>;
  image(): Promise<string>;
}

interface Row {
  route: string;
  url(w: World, me: Person | null): Promise<string> | string;
  body?(w: World, me: Person | null): Promise<unknown> | unknown;
  /** Calls made before an access token exists send the identity provider's ID token instead. */
  idToken?: boolean;
  multipart?: boolean;
  expect: Record<Who, number>;
}

const all = (status: number, anonymous = status): Record<Who, number> => ({
  anonymous,
  buyer: status,
  seller: status,
  otherSeller: status,
  admin: status,
});
const only = (allowed: Partial<Record<Who, number>>, denied = 403): Record<Who, number> => ({
  anonymous: 401,
  buyer: denied,
  seller: denied,
  otherSeller: denied,
  admin: denied,
  ...allowed,
});

const ROWS: Row[] = [
  { route: 'GET /health', url: () => '/health', expect: all(200) },
  { route: 'GET /api/payments/config', url: () => '/api/payments/config', expect: all(200) },
  { route: 'GET /api/category/list', url: () => '/api/category/list?search=&page=0&size=5', expect: all(200) },
  { route: 'GET /api/category/list/:id', url: () => '/api/category/list/2', expect: all(200) },
  { route: 'GET /api/product/list/:id', url: async (w) => `/api/product/list/${await w.product()}`, expect: all(200) },
  { route: 'GET /api/product/Ads/list', url: () => '/api/product/Ads/list', expect: all(200) },
  { route: 'GET /images/:name', url: async (w) => w.image(), expect: all(200) },
  {
    route: 'GET /api/jwt/list',
    idToken: true,
    url: (_w, me) => `/api/jwt/list?email=${me?.email ?? 'nobody@example.test'}`,
    expect: all(200, 401),
  },
  {
    route: 'POST /api/user/create',
    idToken: true,
    url: () => '/api/user/create',
    body: (_w, me) => ({ userEmail: me?.email ?? 'nobody@example.test', userName: 'Again', role: 'buyer' }),
    expect: all(409, 401),
  },
  { route: 'GET /api/user/list', url: () => '/api/user/list', expect: all(200, 401) },
  {
    route: 'GET /api/user/list/:email',
    url: () => `/api/user/list/${people.seller.email}`,
    expect: only({ seller: 200, admin: 200 }),
  },
  { route: 'GET /api/user/role', url: () => '/api/user/role?role=seller', expect: only({ admin: 200 }) },
  {
    route: 'PUT /api/user/seller/verify/:id',
    url: async (w) => `/api/user/seller/verify/${await w.unverifiedSeller()}`,
    expect: only({ admin: 200 }),
  },
  {
    route: 'DELETE /api/user/delete/:id',
    url: async (w) => `/api/user/delete/${await w.victim()}`,
    expect: only({ admin: 200 }),
  },
  {
    route: 'GET /api/product/list',
    url: () => `/api/product/list?email=${people.seller.email}`,
    expect: only({ seller: 200 }),
  },
  {
    route: 'POST /api/product/create',
    url: () => '/api/product/create',
    body: () => VALID_PRODUCT,
    expect: only({ seller: 201, otherSeller: 201 }),
  },
  {
    route: 'PUT /api/product/update/:id',
    url: async (w) => `/api/product/update/${await w.product()}`,
    expect: only({ seller: 200 }),
  },
  {
    route: 'DELETE /api/product/delete/:id',
    url: async (w) => `/api/product/delete/${await w.product()}`,
    expect: only({ seller: 200, admin: 200 }),
  },
  {
    route: 'GET /api/booking/list',
    url: () => `/api/booking/list?email=${people.buyer.email}`,
    expect: only({ buyer: 200 }),
  },
  {
    route: 'GET /api/booking/list/:id',
    url: async (w) => `/api/booking/list/${await w.booking()}`,
    expect: only({ buyer: 200, admin: 200 }),
  },
  {
    route: 'POST /api/booking/create',
    url: () => '/api/booking/create',
    body: async (w) => ({ category_id: await w.product(), phone: '+880 1711 000000', meetingLocation: 'Gate' }),
    expect: { anonymous: 401, buyer: 201, seller: 403, otherSeller: 201, admin: 201 },
  },
  {
    route: 'POST /api/report/create',
    url: () => '/api/report/create',
    body: async (w) => ({ productId: await w.product(), reason: 'Other' }),
    expect: all(201, 401),
  },
  { route: 'GET /api/report/list', url: () => '/api/report/list', expect: only({ admin: 200 }) },
  {
    route: 'PUT /api/report/update/:productId',
    url: async (w) => `/api/report/update/${await w.reportedProduct()}`,
    expect: only({ admin: 200 }),
  },
  {
    route: 'POST /api/payment/create/intent',
    url: () => '/api/payment/create/intent',
    body: async (w) => ({ price: VALID_PRODUCT.resale_price, bookingid: await w.booking() }),
    expect: only({ buyer: 200 }),
  },
  {
    route: 'POST /api/payment/create',
    url: () => '/api/payment/create',
    body: async (w, me) => ({
      price: VALID_PRODUCT.resale_price,
      bookingid: await w.booking(),
      buyerEmail: me?.email ?? people.buyer.email,
      category_id: await w.product(),
      transactionId: await w.paidIntent(),
    }),
    expect: only({ buyer: 201 }),
  },
  {
    route: 'POST /api/payments/sandbox/confirm',
    url: () => '/api/payments/sandbox/confirm',
    body: async (w) => ({
      clientSecret: await w.paidIntent().then(() => lastClientSecret),
      card: { number: '4242424242424242', expMonth: 1, expYear: 2099, cvc: '123' },
    }),
    // Already confirmed by the world: the sandbox answers Stripe-style, not with an HTTP error.
    expect: all(200),
  },
  {
    route: 'POST /api/image/upload',
    url: () => '/api/image/upload',
    multipart: true,
    expect: only({ seller: 200, otherSeller: 200 }),
  },
];

const { server, ...people } = serverForThisFile({
  buyer: { role: 'buyer', name: 'Matrix Buyer' },
  seller: { role: 'seller', name: 'Matrix Seller' },
  otherSeller: { role: 'seller', name: 'Matrix Other Seller' },
  admin: { role: 'admin', name: 'Matrix Admin' },
});
let lastClientSecret = '';
let counter = 0;

function memo<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= make());
}

function freshWorld(): World {
  const product = memo(() => givenProduct(server, people.seller));
  const booking = memo(async () => givenBooking(server, people.buyer, await product()));
  return {
    product,
    booking,
    reportedProduct: memo(async () => {
      const id = await givenProduct(server, people.seller);
      const reporter = await givenUser(server, 'buyer', `Reporter ${counter++}`);
      await call(server, 'POST', '/api/report/create', { as: reporter, body: { productId: id, reason: 'High Price' } });
      return id;
    }),
    unverifiedSeller: memo(async () => (await givenUser(server, 'seller', `Fresh Seller ${counter++}`)).id),
    victim: memo(async () => (await givenUser(server, 'buyer', `Victim ${counter++}`)).id),
    paidIntent: memo(async () => {
      const intent = await call(server, 'POST', '/api/payment/create/intent', {
        as: people.buyer,
        body: { price: VALID_PRODUCT.resale_price, bookingid: await booking() },
      });
      lastClientSecret = intent.body.clientSecret;
      const confirmed = await call(server, 'POST', '/api/payments/sandbox/confirm', {
        body: {
          clientSecret: lastClientSecret,
          card: { number: '4242424242424242', expMonth: 1, expYear: 2099, cvc: '123' },
        },
      });
      return (confirmed.body as Extract<SandboxConfirmResponse, { paymentIntent: unknown }>).paymentIntent.id;
    }),
    image: memo(async () => new ImageStore(server.config.dataDir).save(drawCover(1, 8, 8), 'image/png')),
  };
}

function multipartBody(): { payload: Buffer; contentType: string } {
  const boundary = '----bookswapmatrix';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="cover.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    drawCover(2, 8, 8),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('the permission table', () => {
  it('has a matrix row for every route, and only public routes answer anonymous callers', () => {
    const routeKeys = allRoutes.map((r) => `${r.method} ${r.url}`).sort();
    expect(ROWS.map((row) => row.route).sort()).toEqual(routeKeys);
    for (const route of allRoutes) {
      const row = ROWS.find((r) => r.route === `${route.method} ${route.url}`)!;
      expect([`${route.method} ${route.url}`, row.expect.anonymous === 401]).toEqual([
        `${route.method} ${route.url}`,
        route.access !== 'public',
      ]);
    }
  });
});

const cells = ROWS.flatMap((row) => WHO.map((who) => [row.route, who, row.expect[who], row] as const));

describe('who may call what', () => {
  it.each(cells)('%s as %s answers %i', async (_route, who, expected, row) => {
    const world = freshWorld();
    const me = who === 'anonymous' ? null : people[who];
    const url = await row.url(world, me);
    const headers: Record<string, string> = {};
    if (me) headers.authorization = `Bearer ${row.idToken ? emulatorIdToken({ email: me.email }) : me.token}`;
    let payload: unknown;
    if (row.multipart) {
      const form = multipartBody();
      payload = form.payload;
      headers['content-type'] = form.contentType;
    } else if (row.body) {
      payload = await row.body(world, me);
    }
    const method = row.route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
    const response = await server.app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined ? { payload: payload as string } : {}),
    });
    expect({ status: response.statusCode, body: response.statusCode >= 400 ? response.json() : 'ok' }).toEqual({
      status: expected,
      body:
        expected >= 400
          ? { message: expect.any(String), ...(response.json().field ? { field: expect.any(String) } : {}) }
          : 'ok',
    });
  });
});
