import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Role } from '@bookswap/shared/schemas';
import { defaultCorsOrigins, type ServerConfig } from '../config';
import { openDatabase, type Database, type DatabaseHandle } from '../db/database';
import { newId } from '../db/ids';
import { users } from '../db/schema';
import { DatabaseImageStore, DiskImageStore, type ImageStore } from '../images/image-store';
import { drawCover } from '../seed/cover-image';
import { prepareServer, type StartOptions } from '../server';
import { openTemplateCopy } from './template';

export const TEST_PROJECT = 'demo-bookswap';
/** The secret test servers check page-load tickets with (testing/telemetry-samples.ts issues them). */
export const TEST_PAGE_LOAD_SECRET = 'test-page-load-secret-that-is-long-enough-000';
const TEST_PUBLIC_URL = 'http://localhost:5000';
/** A cover every test server's image store holds, as an upload would have left it: what VALID_PRODUCT shows. */
export const TEST_COVER_URL = `${TEST_PUBLIC_URL}/images/test-cover.png`;

export interface TestServer {
  app: FastifyInstance;
  db: Database;
  config: ServerConfig;
  kind: DatabaseHandle['kind'];
  close(): Promise<void>;
}

export function testConfig(dataDir: string, overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    authMode: 'emulator',
    firebaseProjectId: TEST_PROJECT,
    adminEmails: [],
    corsOrigins: defaultCorsOrigins(),
    publicUrl: TEST_PUBLIC_URL,
    accessTokenTtlSeconds: 3600,
    seed: 'none',
    allowRemoteEmulator: false,
    trustProxy: false,
    rateLimits: {
      tokenPerMinute: 10_000,
      writesPerMinute: 10_000,
      searchPerMinute: 10_000,
      telemetryPerMinute: 10_000,
    },
    // Every test call comes from one address: the caps per address are the product's own only where a test sets them.
    telemetry: {
      pageLoadSecret: TEST_PAGE_LOAD_SECRET,
      ticketMinutes: 30,
      pageLoadsPerAddress: 1_000_000,
      errorsPerAddress: 1_000_000,
    },
    uploads: {
      perDayCount: 1000,
      perDayBytes: 1024 * 1024 * 1024,
      graceHours: 24,
      sweepIntervalMinutes: 60,
      minFreeDiskBytes: 1,
    },
    // Tests that list in bulk (the scale tests) stay far below it; listing-quota.test.ts sets its own.
    listingsPerDay: 1_000_000,
    // Most stories need a Reported listing and make it with one report; routes/reports.test.ts runs the
    // product's own default of three reporters and a small daily cap.
    reportsToFlag: 1,
    reportsPerDay: 1_000_000,
    // Stories book, cancel and book again freely; routes/booking-limits.test.ts runs the product's own limits.
    bookingLimits: { perDay: 1_000_000, coolDownMinutes: 0 },
    // Stories write freely; routes/booking-messages.test.ts runs a small daily cap of its own.
    messagesPerDay: 1_000_000,
    // Stories review freely; routes/reviews.test.ts runs a small daily cap and calls the reminder round itself.
    reviewsPerDay: 1_000_000,
    reviewReminderMinutes: 24 * 60,
    // Saved-search alerts run often, so a story waits for its digest a moment, not a minute.
    savedSearchPollMs: 100,
    // No SMTP server: the outbox keeps what would be sent; mail tests set smtpUrl to their own catcher.
    mail: { from: 'Bookswap <no-reply@bookswap.test>', off: false, pollMs: 50, appUrl: 'http://localhost:3000' },
    logLevel: 'silent',
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-000',
    ...overrides,
  };
}

/**
 * The real server (every plugin, route and check) on a fresh database: a copy of the migrated PGlite
 * template, or its own schema in the PostgreSQL of DATABASE_URL, dropped again on close.
 */
export async function startTestServer(
  overrides: Partial<ServerConfig> = {},
  options: StartOptions = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookswap-test-'));
  const config = testConfig(dataDir, overrides);
  const databaseUrl = process.env.DATABASE_URL;
  let dropSchema = async () => undefined as void;
  let handle: DatabaseHandle;
  if (databaseUrl) {
    const schemaName = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schemaName}`);
    await admin.end();
    dropSchema = async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA ${schemaName} CASCADE`);
      await client.end();
    };
    handle = await openDatabase({ databaseUrl, searchPath: schemaName });
  } else {
    handle = await openTemplateCopy();
  }
  let app: FastifyInstance;
  try {
    app = await prepareServer({ ...config, databaseUrl }, handle, options);
  } catch (error) {
    // An open PGlite keeps the test process alive: never leave one behind.
    await handle.close().catch(() => undefined);
    await dropSchema().catch(() => undefined);
    throw error;
  }
  // A listing's cover must be an image of the server's own store.
  const images = databaseUrl ? new DatabaseImageStore(handle.db) : new DiskImageStore(dataDir);
  await images.keep('test-cover.png', drawCover(1, 8, 8), 'image/png');
  return {
    app,
    db: handle.db,
    config,
    kind: handle.kind,
    async close() {
      await app.close();
      await dropSchema();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another instance of the test server's deployment on the same database: the same configuration (JWT_SECRET
 * included) with `overrides`, its own DATA_DIR as on another machine, and its own workers. On PostgreSQL it has a
 * connection pool of its own, as another process would; PGlite is one process's database, so there the instance
 * shares the test server's handle (and leaves closing it to the test server).
 */
export async function startAnotherInstance(
  server: TestServer,
  overrides: Partial<ServerConfig> = {},
): Promise<TestServer> {
  const databaseUrl = process.env.DATABASE_URL;
  let handle: DatabaseHandle;
  if (databaseUrl) {
    const schema = (
      (await server.db.execute(sql`SELECT current_schema() AS name`)) as unknown as { rows: { name: string }[] }
    ).rows[0]!.name;
    handle = await openDatabase({ databaseUrl, searchPath: schema });
  } else {
    handle = { db: server.db, kind: server.kind, close: async () => undefined };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookswap-instance-'));
  const config = { ...server.config, dataDir, ...overrides };
  const app = await prepareServer({ ...config, databaseUrl }, handle);
  app.addHook('onClose', async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return { app, db: handle.db, config, kind: handle.kind, close: () => app.close() };
}

/** The image store this test server serves from: rows in PostgreSQL, files under its DATA_DIR with PGlite. */
export function imagesOf(server: TestServer): ImageStore {
  return server.kind === 'postgres' ? new DatabaseImageStore(server.db) : new DiskImageStore(server.config.dataDir);
}

/** Someone a test file acts as, made once on its server (see `serverForThisFile`). */
export interface CastMember {
  role: Role;
  name: string;
  verified?: boolean;
}

export const SAM_SELLER: CastMember = { role: 'seller', name: 'Sam Seller' };
export const NIA_NEWSELLER: CastMember = { role: 'seller', name: 'Nia Newseller' };
export const BEA_BUYER: CastMember = { role: 'buyer', name: 'Bea Buyer' };
export const BO_BUYER: CastMember = { role: 'buyer', name: 'Bo Buyer' };
export const ADA_ADMIN: CastMember = { role: 'admin', name: 'Ada Admin' };

/**
 * One server for the whole test file and the people its tests act as, signed in (in the cast's order)
 * before the first test and closed after the last. The returned objects are filled in by that `beforeAll`,
 * so a file can destructure them at the top; `config` may be a function when it depends on an earlier
 * `beforeAll` (a fake Stripe's port).
 */
export function serverForThisFile<K extends string>(
  cast: Record<K, CastMember>,
  config: Partial<ServerConfig> | (() => Partial<ServerConfig>) = {},
): { server: TestServer } & Record<K, Person> {
  const server = {} as TestServer;
  const people = {} as Record<K, Person>;
  for (const key of Object.keys(cast) as K[]) people[key] = {} as Person;
  beforeAll(async () => {
    Object.assign(server, await startTestServer(typeof config === 'function' ? config() : config));
    for (const key of Object.keys(cast) as K[]) {
      const { role, name, verified } = cast[key];
      Object.assign(people[key], await givenUser(server, role, name, { verified }));
    }
  });
  afterAll(async () => {
    // Not there when start-up failed; that failure is the one to report.
    await (server as Partial<TestServer>).close?.();
  });
  return { server, ...people };
}

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** An ID token as the Firebase Auth emulator issues them: unsigned (`alg: none`). */
export function emulatorIdToken(
  person: { email: string; uid?: string; name?: string },
  overrides: Record<string, unknown> = {},
): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: `https://securetoken.google.com/${TEST_PROJECT}`,
    aud: TEST_PROJECT,
    auth_time: now,
    iat: now,
    exp: now + 3600,
    sub: person.uid ?? `uid-${person.email}`,
    user_id: person.uid ?? `uid-${person.email}`,
    email: person.email,
    email_verified: false,
    name: person.name,
    firebase: { identities: { email: [person.email] }, sign_in_provider: 'password' },
    ...overrides,
  };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}

export interface Person {
  id: string;
  email: string;
  name: string;
  role: Role;
  token: string;
}

/** A user record as the seed or an admin grant would make it, signed in through the real token call. */
export async function givenUser(
  server: TestServer,
  role: Role,
  name: string,
  options: { verified?: boolean } = {},
): Promise<Person> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.test`;
  const id = newId();
  await server.db.insert(users).values({ id, email, name, role, verified: options.verified ?? false });
  return { id, email, name, role, token: await accessTokenFor(server, email) };
}

export async function accessTokenFor(server: TestServer, email: string): Promise<string> {
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/jwt/list?email=${encodeURIComponent(email)}`,
    headers: { authorization: `Bearer ${emulatorIdToken({ email })}` },
  });
  if (response.statusCode !== 200) throw new Error(`no access token for ${email}: ${response.body}`);
  return (response.json() as { accessToken: string }).accessToken;
}

/** Sends a call the way the shared API client does. */
export async function call(
  server: TestServer,
  method: InjectOptions['method'],
  url: string,
  options: {
    as?: { token: string } | null;
    body?: unknown;
    headers?: Record<string, string>;
    /** The client's address (127.0.0.1 unless said). */
    from?: string;
  } = {},
) {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.as) headers.authorization = `Bearer ${options.as.token}`;
  const response = await server.app.inject({
    method,
    url,
    headers,
    ...(options.from ? { remoteAddress: options.from } : {}),
    ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
  });
  let json: unknown;
  try {
    json = response.json();
  } catch {
    // not JSON (an image, an empty answer)
  }
  // Tests read whatever shape each call answers; the shared zod schemas check the shapes that matter.
  return { status: response.statusCode, body: json as any, headers: response.headers }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A multipart body holding one file, as the add-product form sends its cover to `/api/image/upload`. */
export function imageUploadBody(
  bytes: Buffer,
  options: { field?: string; filename?: string; type?: string } = {},
): { payload: Buffer; contentType: string } {
  const boundary = '----bookswaptestupload';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'image'}"; filename="${options.filename ?? 'cover.png'}"\r\nContent-Type: ${options.type ?? 'image/png'}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads one file through an instance's API as `as`. */
export function uploadImage(
  server: TestServer,
  as: { token: string },
  bytes: Buffer,
  options: { field?: string; filename?: string; type?: string } = {},
) {
  const { payload, contentType } = imageUploadBody(bytes, options);
  return server.app.inject({
    method: 'POST',
    url: '/api/image/upload',
    headers: { 'content-type': contentType, authorization: `Bearer ${as.token}` },
    payload,
  });
}

export const VALID_PRODUCT = {
  book_name: 'Gitanjali',
  author_name: 'Rabindranath Tagore',
  category_id: '2',
  description: 'Song offerings',
  original_price: '20',
  resale_price: '12.50',
  Year_of_use: '2',
  book_condition: 'Good',
  img: TEST_COVER_URL,
  phone: '+880 1711 000000',
  location: 'Dhaka',
};

export async function givenProduct(
  server: TestServer,
  seller: Person,
  overrides: Partial<typeof VALID_PRODUCT> = {},
): Promise<string> {
  const response = await call(server, 'POST', '/api/product/create', {
    as: seller,
    body: { ...VALID_PRODUCT, ...overrides },
  });
  if (response.status !== 201) throw new Error(`product not created: ${JSON.stringify(response.body)}`);
  return response.body.insertedId as string;
}

export async function givenBooking(server: TestServer, buyer: Person, productId: string): Promise<string> {
  const response = await call(server, 'POST', '/api/booking/create', {
    as: buyer,
    body: { category_id: productId, phone: '+880 1711 111111', meetingLocation: 'Library gate', bookDate: 'today' },
  });
  if (response.status !== 201) throw new Error(`booking not created: ${JSON.stringify(response.body)}`);
  return response.body.insertedId as string;
}

/** The sandbox's card that always succeeds (Stripe's 4242 test card). */
const PAYING_CARD = { number: '4242424242424242', expMonth: 1, expYear: 2099, cvc: '123' };

/**
 * Pays for a booking as the checkout screen does: the intent, the sandbox's card confirmation, the payment record.
 * Answers the first call that fails, else the record's answer with the charge's transaction id.
 */
export async function payForBooking(
  server: TestServer,
  buyer: Person,
  bookingId: string,
  productId: string,
  price = VALID_PRODUCT.resale_price,
): Promise<Awaited<ReturnType<typeof call>> & { transactionId?: string }> {
  const intent = await call(server, 'POST', '/api/payment/create/intent', {
    as: buyer,
    body: { price, bookingid: bookingId },
  });
  if (intent.status !== 200) return intent;
  const confirmed = await call(server, 'POST', '/api/payments/sandbox/confirm', {
    body: { clientSecret: intent.body.clientSecret, card: PAYING_CARD },
  });
  const transactionId = confirmed.body.paymentIntent.id as string;
  const recorded = await call(server, 'POST', '/api/payment/create', {
    as: buyer,
    body: { price, bookingid: bookingId, buyerEmail: buyer.email, category_id: productId, transactionId },
  });
  return { ...recorded, transactionId };
}
