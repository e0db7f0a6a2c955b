import type { SandboxConfirmResponse } from '@bookswap/shared/schemas';
import { newId } from './db/ids';
import { users } from './db/schema';
import { unsubscribeLinks } from './auth/unsubscribe-links';
import { insertSavedSearchIfNew } from './repositories/saved-searches-repository';
import { allRoutes } from './routes/all-routes';
import { drawCover } from './seed/cover-image';
import {
  call,
  emulatorIdToken,
  givenBooking,
  givenProduct,
  givenUser,
  imageUploadBody,
  imagesOf,
  serverForThisFile,
  startTestServer,
  VALID_PRODUCT,
  type Person,
  type TestServer,
} from './testing/test-server';
import { fakeGoogleKeys, type FakeGoogleKeys } from './testing/firebase-keys';
import { STOREFRONT_LOAD_REPORT } from './testing/telemetry-samples';

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
  openReport(): Promise<string>;
  unverifiedSeller(): Promise<string>;
  victim(): Promise<string>;
  paidIntent(): Promise<string>;
  /** The client secret of an intent confirmed with the 3-D Secure card, waiting for the user's answer. */
  intentAwaitingAuthentication(): Promise<string>;
  image(): Promise<string>;
  /** A booking of the seller's product, paid by the buyer. */
  paidBooking(): Promise<string>;
  /** The seller's notification of the buyer's booking. */
  sellerNotification(): Promise<string>;
  /** A message in the booking's thread from the other party than `me` (from the seller to anyone but the seller). */
  messageTo(me: Person | null): Promise<string>;
  /** A booking whose thread holds a message the buyer reported. */
  reportedThread(): Promise<string>;
  /** The paid booking, handed over by the seller. */
  handedOverBooking(): Promise<string>;
  /** The buyer's review of the seller after the hand-over. */
  review(): Promise<string>;
  /** A search the buyer saved. */
  savedSearch(): Promise<string>;
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

/** The fields a seller may edit, as the edit call takes them. */
function editableFieldsOf({
  category_id: _category,
  description: _description,
  Year_of_use: _years,
  ...editable
}: typeof VALID_PRODUCT) {
  return editable;
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
  { route: 'GET /api/catalog/version', url: () => '/api/catalog/version', expect: all(200) },
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
    route: 'PUT /api/product/edit/:id',
    url: async (w) => `/api/product/edit/${await w.product()}`,
    body: () => ({ ...editableFieldsOf(VALID_PRODUCT), book_name: 'Matrix Edit' }),
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
    route: 'GET /api/booking/orders',
    url: () => '/api/booking/orders?page=0&size=5&status=waiting-for-payment',
    expect: all(200, 401),
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
    route: 'GET /api/booking/requests',
    url: () => '/api/booking/requests?page=0&size=5&sort=oldest',
    expect: only({ seller: 200, otherSeller: 200 }),
  },
  {
    route: 'PUT /api/booking/cancel/:id',
    url: async (w) => `/api/booking/cancel/${await w.booking()}`,
    expect: only({ buyer: 200 }),
  },
  {
    route: 'PUT /api/booking/decline/:id',
    url: async (w) => `/api/booking/decline/${await w.booking()}`,
    expect: only({ seller: 200 }),
  },
  {
    route: 'PUT /api/booking/handover/:id',
    url: async (w) => `/api/booking/handover/${await w.paidBooking()}`,
    expect: only({ seller: 200 }),
  },
  {
    route: 'GET /api/booking/:id/messages',
    url: async (w) => `/api/booking/${await w.booking()}/messages`,
    expect: only({ buyer: 200, seller: 200 }),
  },
  {
    route: 'POST /api/booking/:id/messages',
    url: async (w) => `/api/booking/${await w.booking()}/messages`,
    body: () => ({ text: 'Is the gate fine at noon?' }),
    expect: only({ buyer: 201, seller: 201 }),
  },
  {
    route: 'PUT /api/booking/:id/messages/read',
    url: async (w) => `/api/booking/${await w.booking()}/messages/read`,
    expect: only({ buyer: 200, seller: 200 }),
  },
  {
    route: 'POST /api/booking/:id/messages/:messageId/report',
    url: async (w, me) => `/api/booking/${await w.booking()}/messages/${await w.messageTo(me)}/report`,
    body: () => ({ reason: 'Rude' }),
    expect: only({ buyer: 201, seller: 201 }),
  },
  { route: 'GET /api/message/unread', url: () => '/api/message/unread', expect: all(200, 401) },
  { route: 'GET /api/report/messages', url: () => '/api/report/messages', expect: only({ admin: 200 }) },
  {
    route: 'GET /api/report/messages/:id',
    url: async (w) => `/api/report/messages/${await w.reportedThread()}`,
    expect: only({ admin: 200 }),
  },
  {
    route: 'POST /api/booking/:id/review',
    url: async (w) => `/api/booking/${await w.handedOverBooking()}/review`,
    body: () => ({ stars: 5, text: 'On time' }),
    expect: only({ buyer: 201, seller: 201 }),
  },
  {
    route: 'GET /api/booking/:id/review',
    url: async (w) => `/api/booking/${await w.booking()}/review`,
    expect: only({ buyer: 200, seller: 200 }),
  },
  { route: 'GET /api/seller/:id', url: () => `/api/seller/${people.seller.id}`, expect: all(200) },
  {
    route: 'GET /api/seller/:id/reviews',
    url: () => `/api/seller/${people.seller.id}/reviews?page=0&size=5`,
    expect: all(200),
  },
  { route: 'GET /api/review/list', url: () => '/api/review/list', expect: only({ admin: 200 }) },
  {
    route: 'PUT /api/review/hide/:id',
    url: async (w) => `/api/review/hide/${await w.review()}`,
    expect: only({ admin: 200 }),
  },
  {
    route: 'POST /api/saved-search',
    url: () => '/api/saved-search',
    body: () => ({ search: `matrix ${counter++}` }),
    expect: all(201, 401),
  },
  { route: 'GET /api/saved-search/list', url: () => '/api/saved-search/list', expect: all(200, 401) },
  {
    route: 'DELETE /api/saved-search/:id',
    url: async (w) => `/api/saved-search/${await w.savedSearch()}`,
    expect: only({ buyer: 200 }),
  },
  {
    route: 'GET /api/saved-search/unsubscribe',
    // The email's own link: anyone holding it ends that search, signed in or not.
    url: async (w) => unsubscribeLinks(server.config.jwtSecret!, '').urlFor(await w.savedSearch()),
    expect: all(200),
  },
  { route: 'GET /api/notification/list', url: () => '/api/notification/list', expect: all(200, 401) },
  { route: 'PUT /api/notification/read-all', url: () => '/api/notification/read-all', expect: all(200, 401) },
  {
    route: 'PUT /api/notification/read/:id',
    url: async (w) => `/api/notification/read/${await w.sellerNotification()}`,
    expect: only({ seller: 200 }),
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
    route: 'PUT /api/report/dismiss/:id',
    url: async (w) => `/api/report/dismiss/${await w.openReport()}`,
    expect: only({ admin: 200 }),
  },
  { route: 'GET /api/audit/list', url: () => '/api/audit/list', expect: only({ admin: 200 }) },
  { route: 'GET /api/mail/dead-letters', url: () => '/api/mail/dead-letters', expect: only({ admin: 200 }) },
  {
    route: 'POST /api/telemetry',
    url: () => '/api/telemetry',
    body: () => ({
      reports: [STOREFRONT_LOAD_REPORT],
    }),
    // Public on purpose: a signed-in visitor's reports and anyone's are counted alike (decision 025).
    expect: all(202),
  },
  { route: 'GET /api/telemetry/summary', url: () => '/api/telemetry/summary', expect: only({ admin: 200 }) },
  { route: 'GET /api/releases', url: () => '/api/releases', expect: only({ admin: 200 }) },
  {
    route: 'POST /api/releases/:remote/rollback',
    url: () => '/api/releases/seller/rollback',
    // The test server's own registry (in its DATA_DIR) is empty: an admin is let through to "nothing to roll back".
    expect: only({ admin: 409 }),
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
    route: 'POST /api/payments/sandbox/authenticate',
    url: () => '/api/payments/sandbox/authenticate',
    body: async (w) => ({ clientSecret: await w.intentAwaitingAuthentication(), approve: true }),
    // The client secret is the capability, as with Stripe.js: no sign-in.
    expect: all(200),
  },
  {
    route: 'POST /api/image/upload',
    url: () => '/api/image/upload',
    multipart: true,
    expect: only({ seller: 200, otherSeller: 200 }),
  },
  // Last: signing out ends every session of the caller, so no later cell may use their token.
  { route: 'PUT /api/jwt/logout', url: () => '/api/jwt/logout', expect: all(200, 401) },
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
  const paidBooking = memo(async () => {
    const bookingId = await booking();
    const intent = await call(server, 'POST', '/api/payment/create/intent', {
      as: people.buyer,
      body: { price: VALID_PRODUCT.resale_price, bookingid: bookingId },
    });
    const confirmed = await call(server, 'POST', '/api/payments/sandbox/confirm', {
      body: {
        clientSecret: intent.body.clientSecret,
        card: { number: '4242424242424242', expMonth: 1, expYear: 2099, cvc: '123' },
      },
    });
    const transactionId = (confirmed.body as Extract<SandboxConfirmResponse, { paymentIntent: unknown }>).paymentIntent
      .id;
    const recorded = await call(server, 'POST', '/api/payment/create', {
      as: people.buyer,
      body: {
        price: VALID_PRODUCT.resale_price,
        bookingid: bookingId,
        buyerEmail: people.buyer.email,
        category_id: await product(),
        transactionId,
      },
    });
    if (recorded.status !== 201) throw new Error(`payment not recorded: ${JSON.stringify(recorded.body)}`);
    return bookingId;
  });
  const handedOverBooking = memo(async () => {
    const bookingId = await paidBooking();
    await call(server, 'PUT', `/api/booking/handover/${bookingId}`, { as: people.seller });
    return bookingId;
  });
  return {
    product,
    booking,
    savedSearch: memo(async () => {
      const id = await insertSavedSearchIfNew(server.db, people.buyer.id, {
        search: `matrix search ${counter++}`,
        category: [],
        condition: [],
        verified: false,
      });
      return id!;
    }),
    reportedProduct: memo(async () => {
      const id = await givenProduct(server, people.seller);
      const reporter = await givenUser(server, 'buyer', `Reporter ${counter++}`);
      await call(server, 'POST', '/api/report/create', { as: reporter, body: { productId: id, reason: 'High Price' } });
      return id;
    }),
    openReport: memo(async () => {
      const id = await givenProduct(server, people.seller);
      const reporter = await givenUser(server, 'buyer', `Reporter ${counter++}`);
      const report = await call(server, 'POST', '/api/report/create', {
        as: reporter,
        body: { productId: id, reason: 'False Information' },
      });
      return report.body.insertedId as string;
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
    intentAwaitingAuthentication: memo(async () => {
      const intent = await call(server, 'POST', '/api/payment/create/intent', {
        as: people.buyer,
        body: { price: VALID_PRODUCT.resale_price, bookingid: await booking() },
      });
      await call(server, 'POST', '/api/payments/sandbox/confirm', {
        body: {
          clientSecret: intent.body.clientSecret,
          card: { number: '4000002500003155', expMonth: 1, expYear: 2099, cvc: '123' },
        },
      });
      return intent.body.clientSecret as string;
    }),
    image: memo(async () => imagesOf(server).save(drawCover(1, 8, 8), 'image/png')),
    paidBooking,
    sellerNotification: memo(async () => {
      await booking();
      const list = await call(server, 'GET', '/api/notification/list', { as: people.seller });
      return list.body.notifications[0]._id as string;
    }),
    messageTo: async (me) => {
      const author = me?.email === people.seller.email ? people.buyer : people.seller;
      const sent = await call(server, 'POST', `/api/booking/${await booking()}/messages`, {
        as: author,
        body: { text: 'See you at the gate' },
      });
      return sent.body.insertedId as string;
    },
    reportedThread: memo(async () => {
      const bookingId = await booking();
      const sent = await call(server, 'POST', `/api/booking/${bookingId}/messages`, {
        as: people.seller,
        body: { text: 'Pay me outside the app' },
      });
      await call(server, 'POST', `/api/booking/${bookingId}/messages/${sent.body.insertedId}/report`, {
        as: people.buyer,
        body: { reason: 'Asks to pay outside the app' },
      });
      return bookingId;
    }),
    handedOverBooking,
    review: memo(async () => {
      const reviewed = await call(server, 'POST', `/api/booking/${await handedOverBooking()}/review`, {
        as: people.buyer,
        body: { stars: 4 },
      });
      return reviewed.body.insertedId as string;
    }),
  };
}

describe('the permission table', () => {
  it('has a matrix row for every route, and only public routes answer anonymous callers', () => {
    const routeKeys = allRoutes.map((r) => `${r.method} ${r.url}`).sort();
    expect(ROWS.map((row) => row.route).sort()).toEqual(routeKeys);
    for (const route of allRoutes) {
      const row = ROWS.find((r) => r.route === `${route.method} ${route.url}`)!;
      expect([`${route.method} ${route.url}`, row.expect.anonymous === 401]).toEqual([
        `${route.method} ${route.url}`,
        route.access !== 'public' && route.access !== 'public-or-user',
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
      const form = imageUploadBody(drawCover(2, 8, 8));
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

/**
 * The identity calls outside emulator mode (RS256 tokens), per kind of sign-in account: a password account that
 * has not verified its email, one that has, a Google account (Google verifies its addresses), a Google identity
 * whose email is not verified (trusted only by `email_verified`, never by the provider's name), and a
 * second account claiming an email whose record is already bound to another account. Each cell on a fresh email.
 */
type Claimant = 'unverifiedPassword' | 'verifiedPassword' | 'google' | 'unverifiedGoogle' | 'otherAccount';
const CLAIMANTS: Claimant[] = ['unverifiedPassword', 'verifiedPassword', 'google', 'unverifiedGoogle', 'otherAccount'];
const CLAIMS: Record<Claimant, Record<string, unknown>> = {
  unverifiedPassword: {},
  verifiedPassword: { email_verified: true },
  google: { email_verified: true, firebase: { sign_in_provider: 'google.com' } },
  unverifiedGoogle: { email_verified: false, firebase: { sign_in_provider: 'google.com' } },
  otherAccount: { email_verified: true },
};

interface IdentityRow {
  route: string;
  /** Whether the email already has a user record (made by the seed or an admin grant). */
  recordExists: boolean;
  send(email: string, idToken: string): Promise<{ statusCode: number; json(): { field?: string } }>;
  expect: Record<Claimant, number>;
}

describe('who may trade an identity for an access token outside emulator mode', () => {
  let production: TestServer;
  let keys: FakeGoogleKeys;
  let next = 0;

  beforeAll(async () => {
    keys = await fakeGoogleKeys();
    production = await startTestServer({ authMode: 'firebase', payments: 'sandbox' }, { idTokens: keys.verifier });
  });
  afterAll(async () => {
    await production?.close();
  });

  const IDENTITY_ROWS: IdentityRow[] = [
    {
      route: 'GET /api/jwt/list',
      recordExists: true,
      send: (email, idToken) =>
        production.app.inject({
          method: 'GET',
          url: `/api/jwt/list?email=${email}`,
          headers: { authorization: `Bearer ${idToken}` },
        }),
      expect: { unverifiedPassword: 403, verifiedPassword: 200, google: 200, unverifiedGoogle: 403, otherAccount: 403 },
    },
    {
      route: 'POST /api/user/create',
      recordExists: false,
      send: (email, idToken) =>
        production.app.inject({
          method: 'POST',
          url: '/api/user/create',
          headers: { authorization: `Bearer ${idToken}` },
          payload: { userEmail: email, userName: 'Newcomer', role: 'buyer' },
        }),
      expect: { unverifiedPassword: 403, verifiedPassword: 201, google: 201, unverifiedGoogle: 403, otherAccount: 409 },
    },
  ];
  const identityCells = IDENTITY_ROWS.flatMap((row) =>
    CLAIMANTS.map((who) => [row.route, who, row.expect[who], row] as const),
  );

  it.each(identityCells)('%s as %s answers %i', async (_route, who, expected, row) => {
    const email = `claimant-${next++}@example.test`;
    if (row.recordExists || who === 'otherAccount') {
      await production.db.insert(users).values({ id: newId(), email, name: 'Claimed', role: 'admin' });
    }
    if (who === 'otherAccount') {
      // The owner signs in first and so binds the record to their account.
      const owner = await keys.idToken({ email, uid: `owner-${email}` }, { email_verified: true });
      const first = await IDENTITY_ROWS[0]!.send(email, owner);
      expect(first.statusCode).toBe(200);
    }
    const response = await row.send(email, await keys.idToken({ email, uid: `${who}-${email}` }, CLAIMS[who]));
    expect(response.statusCode).toBe(expected);
    if (who === 'unverifiedPassword') expect(response.json().field).toBe('email_verified');
  });
});
