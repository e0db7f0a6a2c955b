// `pnpm bench:load`: the buyer journey under load, on loopback only. BENCH_LOAD_USERS virtual buyers (200) for
// BENCH_LOAD_SECONDS (60) against the API server on PostgreSQL (DATABASE_URL, or a throwaway cluster from
// scripts/ci-postgres.sh) holding BENCH_LOAD_LISTINGS listings (100,000). Each buyer holds an access token issued
// beforehand with the server's own token module and JWT_SECRET, then loops: the book list, a search, a detail,
// a booking of an available book it has not booked yet (every tenth booking is sent twice at once: one must be
// 201, the other 409). Afterwards the database is checked: every 201 has its row, and no buyer holds two open
// bookings of one book. Prints a table and writes reports/bench-load.json.
// The mail outbox is on (issue 21): every booking queues the seller's email in its transaction and the server's mail
// worker delivers it to a local SMTP sink during the run; afterwards the outbox is drained and counted.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { accessTokens } from '../src/auth/access-token';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { startMailCatcher, type MailCatcher } from '../src/testing/mail-catcher';
import {
  benchPostgres,
  COMMON_WORDS,
  createBenchSchema,
  dropBenchSchema,
  fillListings,
  percentile,
  REPO_ROOT,
  round1,
  startBenchServer,
  stopBenchServer,
} from './bench-setup';

const USERS = Number(process.env.BENCH_LOAD_USERS ?? 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const LISTINGS = Number(process.env.BENCH_LOAD_LISTINGS ?? 100_000);
/** No request may hang the run: one slower than this counts as an error. */
const REQUEST_TIMEOUT_MS = 10_000;
const PAGE_SIZE = 20;
const REPORT = path.join(REPO_ROOT, 'reports', 'bench-load.json');
/** Every virtual buyer comes from 127.0.0.1: the per-client limits would measure the limiter, not the API. */
const RATE_LIMITS = {
  RATE_LIMIT_SEARCH_PER_MINUTE: String(1_000_000_000),
  RATE_LIMIT_WRITES_PER_MINUTE: String(1_000_000_000),
};
const TARGET_P95_MS = 200;
/** Issue 21: a booking, with its notification and queued email, stays this fast at p95. */
const TARGET_BOOK_P95_MS = 100;
/** How long the outbox may take to drain after the run before the count is taken as it stands. */
const MAIL_DRAIN_TIMEOUT_MS = 15 * 60_000;

const STEPS = ['book list', 'search', 'detail', 'book'] as const;
type Step = (typeof STEPS)[number];

interface Buyer {
  id: string;
  token: string;
  /** Products this buyer has an open booking of (or may have, after a failed answer). */
  booked: Set<string>;
}

interface Booked {
  bookingId: string;
  buyerId: string;
  productId: string;
}

interface WireProduct {
  _id: string;
  paid: boolean;
}

class Tally {
  readonly latencies = new Map<Step, number[]>(STEPS.map((step) => [step, []]));
  readonly errors = new Map<Step, number>(STEPS.map((step) => [step, 0]));
  readonly errorSamples: string[] = [];
  readonly booked: Booked[] = [];
  journeys = 0;
  doubleBookings = 0;
  noBookableBook = 0;

  error(step: Step, what: string): void {
    this.errors.set(step, this.errors.get(step)! + 1);
    if (this.errorSamples.length < 10) this.errorSamples.push(`${step}: ${what}`);
  }
}

interface Answer {
  status: number;
  body: unknown;
}

interface CallInit {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/**
 * Node's own HTTP client on kept-alive connections (one per buyer in flight). The load generator shares the two
 * cores with the server and PostgreSQL: `fetch` (undici's WHATWG streams, Request/Response/Headers objects and an
 * AbortSignal per call) cost it about three times the CPU per request, taken from the server being measured.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** The server under test: host and port, parsed once. */
interface Target {
  hostname: string;
  port: string;
}

function send(target: Target, path: string, init: CallInit): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path,
        method: init.method ?? 'GET',
        headers:
          init.body === undefined ? init.headers : { ...init.headers, 'content-length': Buffer.byteLength(init.body) },
      },
      (response) => {
        response.setEncoding('utf8');
        let text = '';
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, text });
        });
        response.on('error', fail);
      },
    );
    // No request may hang the run: the whole call, answer read included, within REQUEST_TIMEOUT_MS.
    const timer = setTimeout(
      () => request.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)),
      REQUEST_TIMEOUT_MS,
    );
    function fail(error: Error) {
      clearTimeout(timer);
      reject(error);
    }
    request.on('error', fail);
    request.end(init.body);
  });
}

async function call(
  tally: Tally,
  step: Step,
  target: Target,
  path: string,
  init: CallInit = {},
): Promise<Answer | null> {
  const started = performance.now();
  try {
    const { status, text } = await send(target, path, init);
    tally.latencies.get(step)!.push(performance.now() - started);
    return { status, body: text ? (JSON.parse(text) as unknown) : null };
  } catch (error) {
    tally.latencies.get(step)!.push(performance.now() - started);
    tally.error(step, error instanceof Error ? error.message : String(error));
    return null;
  }
}

function productsOf(answer: Answer | null): WireProduct[] | null {
  const body = answer?.body as { products?: WireProduct[] } | null | undefined;
  return Array.isArray(body?.products) ? body.products : null;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** One buyer's loop until `deadline`: list, search, detail, booking. */
async function runBuyer(server: Target, buyer: Buyer, deadline: number, tally: Tally): Promise<void> {
  const auth = { authorization: `Bearer ${buyer.token}` };
  let bookings = 0;
  while (Date.now() < deadline) {
    const list = await call(tally, 'book list', server, `/api/category/list?search=&page=0&size=${PAGE_SIZE}`);
    if (list && (list.status !== 200 || !productsOf(list))) tally.error('book list', `status ${list.status}`);

    const word = pick(COMMON_WORDS);
    const page = Math.floor(Math.random() * 5);
    const search = await call(
      tally,
      'search',
      server,
      `/api/category/list?search=${word}&page=${page}&size=${PAGE_SIZE}`,
    );
    const found = productsOf(search);
    if (search && (search.status !== 200 || !found)) tally.error('search', `status ${search.status}`);
    const candidates = (found ?? []).filter((product) => !product.paid && !buyer.booked.has(product._id));
    if (candidates.length === 0) {
      if (found) tally.noBookableBook++;
      tally.journeys++;
      continue;
    }

    const chosen = pick(candidates);
    const detail = await call(tally, 'detail', server, `/api/product/list/${chosen._id}`);
    const product = detail?.body as WireProduct | null | undefined;
    if (detail && (detail.status !== 200 || product?._id !== chosen._id)) {
      tally.error('detail', `status ${detail.status}`);
    }
    if (!detail || detail.status !== 200 || !product || product.paid) {
      tally.journeys++;
      continue;
    }

    // Marked before the answer: a booking that failed in flight may still have made its row.
    buyer.booked.add(chosen._id);
    const request = (): Promise<Answer | null> =>
      call(tally, 'book', server, '/api/booking/create', {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ category_id: chosen._id, phone: '+880 1700 000000', meetingLocation: 'Dhaka' }),
      });
    const twice = ++bookings % 10 === 0;
    const answers = twice ? await Promise.all([request(), request()]) : [await request()];
    if (twice) tally.doubleBookings++;
    const statuses = answers.map((answer) => answer?.status);
    for (const answer of answers) {
      const insertedId = (answer?.body as { insertedId?: string } | null)?.insertedId;
      if (answer?.status === 201 && insertedId) {
        tally.booked.push({ bookingId: insertedId, buyerId: buyer.id, productId: chosen._id });
      }
    }
    const expected = twice ? [201, 409] : [201];
    if (!answers.includes(null) && [...statuses].sort().join() !== expected.join()) {
      tally.error('book', `statuses ${statuses.join(', ')} (expected ${expected.join(', ')})`);
    }
    tally.journeys++;
  }
}

/** The buyers' rows (straight into the database) and their access tokens (from the server's own module). */
async function createBuyers(handle: DatabaseHandle, secret: string): Promise<Buyer[]> {
  await handle.db.execute(sql`
    INSERT INTO users (id, email, name, role, verified)
    SELECT 'loadbuyer' || i, 'buyer' || i || '@load.example.test', 'Load Buyer ' || i, 'buyer', false
    FROM generate_series(1, ${USERS}) AS i`);
  const tokens = accessTokens(secret, SECONDS + 3600);
  return Promise.all(
    Array.from({ length: USERS }, async (_, n) => {
      const i = n + 1;
      const id = `loadbuyer${i}`;
      const token = await tokens.issue({ userId: id, email: `buyer${i}@load.example.test`, uid: id, role: 'buyer' });
      return { id, token, booked: new Set<string>() };
    }),
  );
}

interface BookingCheck {
  answered201: number;
  rowsInDatabase: number;
  /** 201 answers whose booking is not in the database with that buyer and book. */
  lost: number;
  /** (buyer, book) pairs with more than one open booking. */
  duplicated: number;
}

async function checkBookings(handle: DatabaseHandle, booked: Booked[]): Promise<BookingCheck> {
  const rows = (await handle.db.execute(sql`SELECT id, buyer_id, product_id FROM bookings`)) as unknown as {
    rows: { id: string; buyer_id: string; product_id: string }[];
  };
  const byId = new Map(rows.rows.map((row) => [row.id, row]));
  const lost = booked.filter((b) => {
    const row = byId.get(b.bookingId);
    return !row || row.buyer_id !== b.buyerId || row.product_id !== b.productId;
  }).length;
  const duplicates = (await handle.db.execute(sql`
    SELECT count(*)::int AS n FROM (
      SELECT buyer_id, product_id FROM bookings WHERE status = 'waiting-for-payment' GROUP BY buyer_id, product_id HAVING count(*) > 1
    ) AS twice`)) as unknown as { rows: { n: number }[] };
  return { answered201: booked.length, rowsInDatabase: rows.rows.length, lost, duplicated: duplicates.rows[0]!.n };
}

interface EmailCheck {
  queued: number;
  delivered: number;
  /** Distinct Message-IDs the SMTP sink accepted (a repeat after a crash would carry the same one). */
  caught: number;
  /** Seconds after the run until every queued email was delivered. */
  drainSeconds: number;
}

/** Waits until the worker delivered every queued email (or the timeout), then counts the outbox and the sink. */
async function checkEmails(handle: DatabaseHandle, catcher: MailCatcher): Promise<EmailCheck> {
  const started = Date.now();
  const counts = async () => {
    const result = (await handle.db.execute(
      sql`SELECT count(*)::int AS queued, count(delivered_at)::int AS delivered FROM mail_outbox`,
    )) as unknown as { rows: { queued: number; delivered: number }[] };
    return result.rows[0]!;
  };
  let now = await counts();
  while (now.delivered < now.queued && Date.now() - started < MAIL_DRAIN_TIMEOUT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    now = await counts();
  }
  const caught = new Set(catcher.mails.map((mail) => mail.messageId)).size;
  return { ...now, caught, drainSeconds: round1((Date.now() - started) / 1000) };
}

interface StepResult {
  step: Step;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

function stepResults(tally: Tally, seconds: number): StepResult[] {
  return STEPS.map((step) => {
    const latencies = [...tally.latencies.get(step)!].sort((a, b) => a - b);
    return {
      step,
      requests: latencies.length,
      requestsPerSecond: round1(latencies.length / seconds),
      p50: round1(percentile(latencies, 50)),
      p95: round1(percentile(latencies, 95)),
      p99: round1(percentile(latencies, 99)),
      errors: tally.errors.get(step)!,
    };
  });
}

function table(steps: StepResult[]): string {
  const lines = ['| step | requests | req/s | p50 | p95 | p99 | errors |', '|---|---:|---:|---:|---:|---:|---:|'];
  for (const s of steps) {
    lines.push(
      `| ${s.step} | ${s.requests} | ${s.requestsPerSecond} | ${s.p50} ms | ${s.p95} ms | ${s.p99} ms | ${s.errors} |`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const started = Date.now();
  const postgres = benchPostgres(true, { dir: 'bookswap-load-postgres', port: 55632, db: 'bookswap_load' });
  const databaseUrl = postgres.databaseUrl;
  if (!databaseUrl) throw new Error('bench:load runs on PostgreSQL: set DATABASE_URL or install Debian’s postgresql');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookswap-load-'));
  let schema: string | undefined;
  let child: ChildProcess | undefined;
  let handle: DatabaseHandle | undefined;
  const catcher = await startMailCatcher();
  try {
    schema = await createBenchSchema(databaseUrl);
    console.log(`postgres: preparing ${LISTINGS} listings and ${USERS} buyers`);
    handle = await openDatabase({ databaseUrl, searchPath: schema });
    await migrate(handle.db);
    await fillListings(handle, LISTINGS);
    const secret = randomBytes(48).toString('base64url');
    const buyers = await createBuyers(handle, secret);
    const server = await startBenchServer({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      JWT_SECRET: secret,
      SMTP_URL: catcher.smtpUrl,
      ...RATE_LIMITS,
    });
    child = server.child;

    console.log(`  ${USERS} buyers for ${SECONDS} s against ${server.base}`);
    const tally = new Tally();
    const runStarted = Date.now();
    const deadline = runStarted + SECONDS * 1000;
    const target = new URL(server.base);
    await Promise.all(buyers.map((buyer) => runBuyer(target, buyer, deadline, tally)));
    const elapsed = (Date.now() - runStarted) / 1000;
    const bookingCheck = await checkBookings(handle, tally.booked);
    console.log('  waiting for the mail worker to drain the outbox');
    const emailCheck = await checkEmails(handle, catcher);

    const steps = stepResults(tally, elapsed);
    const errors = steps.reduce((n, s) => n + s.errors, 0);
    const requests = steps.reduce((n, s) => n + s.requests, 0);
    const targets = {
      zeroErrors: errors === 0,
      noLostBookings: bookingCheck.lost === 0,
      noDuplicatedBookings: bookingCheck.duplicated === 0,
      p95Under200msEveryStep: steps.every((s) => s.p95 < TARGET_P95_MS),
      bookP95AtMost100ms: steps.find((s) => s.step === 'book')!.p95 <= TARGET_BOOK_P95_MS,
      emailsQueuedEqualBookings: emailCheck.queued === bookingCheck.rowsInDatabase,
      emailsDeliveredEqualBookings:
        emailCheck.delivered === bookingCheck.rowsInDatabase && emailCheck.caught === bookingCheck.rowsInDatabase,
    };
    const report = {
      when: new Date().toISOString(),
      machine: { cpus: os.cpus().length, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
      settings: {
        buyers: USERS,
        seconds: SECONDS,
        listings: LISTINGS,
        database: 'postgres',
        requestTimeoutMs: REQUEST_TIMEOUT_MS,
        rateLimitsRaised: RATE_LIMITS,
      },
      latencyUnit: 'ms',
      elapsedSeconds: round1(elapsed),
      requests,
      requestsPerSecond: round1(requests / elapsed),
      journeys: tally.journeys,
      journeysPerSecond: round1(tally.journeys / elapsed),
      bookingsSentTwiceAtOnce: tally.doubleBookings,
      journeysWithoutBookableBook: tally.noBookableBook,
      steps,
      errorSamples: tally.errorSamples,
      bookings: bookingCheck,
      emails: emailCheck,
      targets,
    };
    fs.mkdirSync(path.dirname(REPORT), { recursive: true });
    fs.writeFileSync(REPORT, JSON.stringify(report, null, 2));

    console.log(
      `\n${USERS} buyers, ${round1(elapsed)} s, PostgreSQL, ${LISTINGS.toLocaleString('en')} listings; ` +
        `rate limits raised for the run (RATE_LIMIT_SEARCH_PER_MINUTE and RATE_LIMIT_WRITES_PER_MINUTE = 1e9)\n`,
    );
    console.log(table(steps));
    console.log(
      `\n${requests} requests (${report.requestsPerSecond} req/s), ${tally.journeys} journeys (${report.journeysPerSecond}/s), ` +
        `${errors} errors${tally.errorSamples.length ? `, e.g. ${tally.errorSamples.slice(0, 3).join('; ')}` : ''}`,
    );
    console.log(
      `bookings: ${bookingCheck.answered201} answered 201, ${bookingCheck.rowsInDatabase} rows, ${bookingCheck.lost} lost, ` +
        `${bookingCheck.duplicated} duplicated (${tally.doubleBookings} sent twice at once)`,
    );
    console.log(
      `emails: ${emailCheck.queued} queued, ${emailCheck.delivered} delivered, ${emailCheck.caught} accepted by the SMTP sink ` +
        `(outbox drained ${emailCheck.drainSeconds} s after the run)`,
    );
    console.log(
      `targets: ${Object.entries(targets)
        .map(([name, met]) => `${name} ${met ? 'met' : 'MISSED'}`)
        .join(', ')}`,
    );
    console.log(`\nwrote ${path.relative(REPO_ROOT, REPORT)} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    // Correctness is a failure; a slower p95 is a measurement, reported above.
    if (
      !targets.zeroErrors ||
      !targets.noLostBookings ||
      !targets.noDuplicatedBookings ||
      !targets.emailsQueuedEqualBookings ||
      !targets.emailsDeliveredEqualBookings
    )
      process.exitCode = 1;
  } finally {
    await stopBenchServer(child);
    await catcher.close();
    await handle?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (schema) await dropBenchSchema(databaseUrl, schema);
    postgres.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
