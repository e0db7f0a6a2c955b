// The buyer journey that `load-test.ts` (bench:load) and `fault-drill.ts` (bench:faults) run: virtual buyers with
// access tokens issued beforehand, the HTTP client they call the API with, the tally of every call, and the check
// of what the server acknowledged against the database.
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { accessTokens } from '../src/auth/access-token';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import type { MailCatcher } from '../src/testing/mail-catcher';
import { COMMON_WORDS, fillListings, percentile, round1 } from './bench-setup';

/** No request may hang the run: one slower than this counts as an error. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** Every virtual buyer comes from 127.0.0.1: the per-client limits would measure the limiter, not the API. */
export const RATE_LIMITS = {
  RATE_LIMIT_SEARCH_PER_MINUTE: String(1_000_000_000),
  RATE_LIMIT_WRITES_PER_MINUTE: String(1_000_000_000),
  // Each simulated buyer books far more than a person does in a day; the limit's own cost is still measured.
  BOOKINGS_PER_DAY: String(1_000_000_000),
};
/**
 * A bench's browsers all come from one address: the shares one address may add to release health (docs/decisions/042)
 * are lifted, the cap's own cost is still measured.
 */
export const ONE_ADDRESS_FOR_ALL_BROWSERS = {
  TELEMETRY_PAGE_LOADS_PER_ADDRESS: String(1_000_000_000),
  TELEMETRY_ERRORS_PER_ADDRESS: String(1_000_000_000),
};
/** bench:load's targets: every step's p95 under this... */
export const TARGET_P95_MS = 200;
/** ...and a booking, with its notification and queued email, at most this at p95 (decision 024). */
export const TARGET_BOOK_P95_MS = 100;
/** How long the outbox may take to drain after the run before the count is taken as it stands. */
const MAIL_DRAIN_TIMEOUT_MS = 15 * 60_000;
const PAGE_SIZE = 20;

/** bench:load's steps; the fault drill adds the checkout's three (product.md §4 through the card sandbox). */
export const BROWSE_AND_BOOK = ['book list', 'search', 'detail', 'book'] as const;
export const CHECKOUT = ['pay intent', 'card confirm', 'pay record'] as const;
export type Step = (typeof BROWSE_AND_BOOK)[number] | (typeof CHECKOUT)[number];

/** Stripe's test card that succeeds, as the checkout's card form sends it to the sandbox. */
const TEST_CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 5, cvc: '123' };
const SOLD = 'This book is already sold';

export interface Buyer {
  id: string;
  email: string;
  token: string;
  /** Products this buyer has an open booking of (or may have, after a failed answer). */
  booked: Set<string>;
}

/** A booking the server acknowledged (201), as the client's ledger holds it. */
export interface Booked {
  bookingId: string;
  buyerId: string;
  productId: string;
}

/** A payment the server acknowledged (201, or 200 for a replay of the same record). */
export interface Paid {
  paymentId: string;
  bookingId: string;
  transactionId: string;
}

/** One call: when it was sent and answered (performance.now() milliseconds), and whether it counted as an error. */
export interface CallRecord {
  step: Step;
  started: number;
  ended: number;
  failed: boolean;
}

export class Tally {
  readonly latencies: Map<Step, number[]>;
  readonly errors: Map<Step, number>;
  readonly errorSamples: string[] = [];
  readonly booked: Booked[] = [];
  readonly paid: Paid[] = [];
  /** Every call in order of its answer, when asked for (the fault drill judges each by its time). */
  readonly calls: CallRecord[] | null;
  journeys = 0;
  doubleBookings = 0;
  noBookableBook = 0;
  /** Refusals the journey expects once books sell: a booking or payment of a book sold meanwhile. */
  soldMeanwhile = 0;

  constructor(
    readonly steps: readonly Step[],
    options: { keepCalls?: boolean } = {},
  ) {
    this.latencies = new Map(steps.map((step) => [step, []]));
    this.errors = new Map(steps.map((step) => [step, 0]));
    this.calls = options.keepCalls ? [] : null;
  }

  /** Counts an error of `step`; `call` is the call it belongs to, once answered. */
  error(step: Step, what: string, call?: CallRecord): void {
    this.errors.set(step, this.errors.get(step)! + 1);
    if (call) call.failed = true;
    if (this.errorSamples.length < 10) this.errorSamples.push(`${step}: ${what}`);
  }

  get errorCount(): number {
    return [...this.errors.values()].reduce((sum, n) => sum + n, 0);
  }
}

export interface Answer {
  status: number;
  body: unknown;
  call: CallRecord;
}

export interface CallInit {
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
export interface Target {
  hostname: string;
  port: string;
}

export function send(target: Target, path: string, init: CallInit): Promise<{ status: number; text: string }> {
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

/** One call, timed and recorded; a transport failure (refused, reset, timed out) is an error and answers null. */
async function call(
  tally: Tally,
  step: Step,
  target: Target,
  path: string,
  init: CallInit = {},
): Promise<Answer | null> {
  const started = performance.now();
  const record: CallRecord = { step, started, ended: started, failed: false };
  try {
    const { status, text } = await send(target, path, init);
    record.ended = performance.now();
    let body: unknown = null;
    try {
      body = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      // A body that is not JSON (a proxy's error page, a cut answer) is judged by its status below.
    }
    return { status, body, call: record };
  } catch (error) {
    record.ended = performance.now();
    tally.error(step, error instanceof Error ? error.message : String(error), record);
    return null;
  } finally {
    tally.latencies.get(step)!.push(record.ended - started);
    tally.calls?.push(record);
  }
}

const post = (tally: Tally, step: Step, target: Target, path: string, token: string | null, body: unknown) =>
  call(tally, step, target, path, {
    method: 'POST',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

interface WireProduct {
  _id: string;
  paid: boolean;
  resale_price: string;
}

function productsOf(answer: Answer | null): WireProduct[] | null {
  const body = answer?.body as { products?: WireProduct[] } | null | undefined;
  return Array.isArray(body?.products) ? body.products : null;
}

const messageOf = (answer: Answer) => (answer.body as { message?: string } | null)?.message ?? '';
const isSoldRefusal = (answer: Answer | null) => answer?.status === 409 && messageOf(answer) === SOLD;
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface JourneyOptions {
  /** Search result pages a buyer picks from (0 to this - 1). */
  searchPages: number;
  /** Pay every n-th booking the server took, through the card sandbox as the checkout does; 0: never. */
  payEvery?: number;
  /** A pause after a journey that met an error, so that buyers do not spin on a server that is away. */
  pauseAfterErrorMs?: number;
  /**
   * How often a checkout step that failed in transport or with a 5xx is sent again (the buyer pressing Pay again),
   * `retryPauseMs` apart. A payment's steps are idempotent: sending one again never charges or records twice.
   */
  checkoutRetries?: number;
  retryPauseMs?: number;
}

/**
 * A checkout step sent until it gets an answer the server meant (neither a transport failure nor a 5xx, each an
 * error), or null once it gives up.
 */
async function sendUntilAnswered(
  tally: Tally,
  step: Step,
  options: JourneyOptions,
  send: () => Promise<Answer | null>,
): Promise<Answer | null> {
  const attempts = 1 + (options.checkoutRetries ?? 0);
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) await sleep(options.retryPauseMs ?? 250);
    const answer = await send();
    if (answer && answer.status < 500) return answer;
    if (answer) tally.error(step, `status ${answer.status} ${messageOf(answer)}`, answer.call);
  }
  return null;
}

/**
 * product.md §4's payment as remote-checkout's pay-for-booking does it: an intent for the booking, the card
 * confirmed with the sandbox (the browser's Stripe.js call), then the record with the intent's id. An intent
 * charged by an earlier attempt whose answer was lost (`payment_intent_unexpected_state`) is recorded, not charged
 * again. A book sold to someone else meanwhile is a refusal the journey expects, not an error.
 */
async function pay(
  server: Target,
  buyer: Buyer,
  booking: Booked,
  price: string,
  tally: Tally,
  options: JourneyOptions,
): Promise<void> {
  const intent = await sendUntilAnswered(tally, 'pay intent', options, () =>
    post(tally, 'pay intent', server, '/api/payment/create/intent', buyer.token, {
      price,
      bookingid: booking.bookingId,
    }),
  );
  if (!intent) return;
  const clientSecret = (intent.body as { clientSecret?: string } | null)?.clientSecret;
  if (intent.status === 409) {
    tally.soldMeanwhile++;
    return;
  }
  if (intent.status !== 200 || !clientSecret) {
    tally.error('pay intent', `status ${intent.status} ${messageOf(intent)}`, intent.call);
    return;
  }

  const confirmed = await sendUntilAnswered(tally, 'card confirm', options, () =>
    post(tally, 'card confirm', server, '/api/payments/sandbox/confirm', null, {
      clientSecret,
      card: TEST_CARD,
      billingDetails: { name: buyer.id, email: buyer.email },
    }),
  );
  if (!confirmed) return;
  const result = confirmed.body as {
    paymentIntent?: { id: string; status: string };
    error?: { code?: string };
  } | null;
  const chargedBefore = result?.error?.code === 'payment_intent_unexpected_state';
  const succeeded = result?.paymentIntent?.status === 'succeeded';
  if (confirmed.status !== 200 || !(succeeded || chargedBefore)) {
    tally.error('card confirm', `status ${confirmed.status} ${JSON.stringify(confirmed.body)}`, confirmed.call);
    return;
  }
  // The intent's id is the start of its client secret, as remote-checkout's intentIdOf reads it.
  const transactionId = result?.paymentIntent?.id ?? clientSecret.split('_secret_')[0]!;

  const recorded = await sendUntilAnswered(tally, 'pay record', options, () =>
    post(tally, 'pay record', server, '/api/payment/create', buyer.token, {
      price,
      bookingid: booking.bookingId,
      buyerEmail: buyer.email,
      category_id: booking.productId,
      transactionId,
    }),
  );
  if (!recorded) return;
  const paymentId = (recorded.body as { insertedId?: string } | null)?.insertedId;
  if ((recorded.status === 201 || recorded.status === 200) && paymentId) {
    tally.paid.push({ paymentId, bookingId: booking.bookingId, transactionId });
  } else if (recorded.status === 409) tally.soldMeanwhile++;
  else tally.error('pay record', `status ${recorded.status} ${messageOf(recorded)}`, recorded.call);
}

/** One buyer's loop until `deadline`: list, search, detail, booking (and, when asked, paying for it). */
export async function runBuyer(
  server: Target,
  buyer: Buyer,
  deadline: number,
  tally: Tally,
  options: JourneyOptions,
): Promise<void> {
  let bookings = 0;
  while (Date.now() < deadline) {
    const errorsBefore = tally.errorCount;
    await journey();
    tally.journeys++;
    if (options.pauseAfterErrorMs && tally.errorCount > errorsBefore) await sleep(options.pauseAfterErrorMs);
  }

  async function journey(): Promise<void> {
    const list = await call(tally, 'book list', server, `/api/category/list?search=&page=0&size=${PAGE_SIZE}`);
    if (list && (list.status !== 200 || !productsOf(list)))
      tally.error('book list', `status ${list.status}`, list.call);

    const word = pick(COMMON_WORDS);
    const page = Math.floor(Math.random() * options.searchPages);
    const search = await call(
      tally,
      'search',
      server,
      `/api/category/list?search=${word}&page=${page}&size=${PAGE_SIZE}`,
    );
    const found = productsOf(search);
    if (search && (search.status !== 200 || !found)) tally.error('search', `status ${search.status}`, search.call);
    const candidates = (found ?? []).filter((product) => !product.paid && !buyer.booked.has(product._id));
    if (candidates.length === 0) {
      if (found) tally.noBookableBook++;
      return;
    }

    const chosen = pick(candidates);
    const detail = await call(tally, 'detail', server, `/api/product/list/${chosen._id}`);
    const product = detail?.body as WireProduct | null | undefined;
    if (detail && (detail.status !== 200 || product?._id !== chosen._id)) {
      tally.error('detail', `status ${detail.status}`, detail.call);
    }
    if (!detail || detail.status !== 200 || !product || product.paid) return;

    // Marked before the answer: a booking that failed in flight may still have made its row.
    buyer.booked.add(chosen._id);
    const request = () =>
      post(tally, 'book', server, '/api/booking/create', buyer.token, {
        category_id: chosen._id,
        phone: '+880 1700 000000',
        meetingLocation: 'Dhaka',
      });
    // Every tenth booking is sent twice at once: the server must take one and refuse the other.
    const twice = ++bookings % 10 === 0;
    const answers = twice ? await Promise.all([request(), request()]) : [await request()];
    if (twice) tally.doubleBookings++;
    let taken: Booked | undefined;
    for (const answer of answers) {
      const insertedId = (answer?.body as { insertedId?: string } | null)?.insertedId;
      if (answer?.status === 201 && insertedId) {
        taken = { bookingId: insertedId, buyerId: buyer.id, productId: chosen._id };
        tally.booked.push(taken);
      }
    }
    if (answers.every((answer) => answer !== null)) {
      const statuses = answers.map((answer) => answer!.status);
      const expected = twice ? [201, 409] : [201];
      // A book sold to another buyer since the detail page is refused to every booking of it.
      if (answers.every(isSoldRefusal)) tally.soldMeanwhile++;
      else if ([...statuses].sort().join() !== expected.join()) {
        const last = answers.reduce((a, b) => (a!.call.ended >= b!.call.ended ? a : b))!;
        tally.error('book', `statuses ${statuses.join(', ')} (expected ${expected.join(', ')})`, last.call);
      }
    }
    if (taken && options.payEvery && bookings % options.payEvery === 0) {
      await pay(server, buyer, taken, product.resale_price, tally, options);
    }
  }
}

/**
 * The run's database in its own schema: migrated, `listings` listings, `buyers` buyers with access tokens signed by a
 * secret of the run's own (the server under test is started with it), valid for `seconds` and an hour more.
 */
export async function prepareBenchData(
  databaseUrl: string,
  schema: string,
  sizes: { listings: number; buyers: number; seconds: number },
): Promise<{ handle: DatabaseHandle; secret: string; buyers: Buyer[] }> {
  const handle = await openDatabase({ databaseUrl, searchPath: schema });
  await migrate(handle.db);
  await fillListings(handle, sizes.listings);
  const secret = randomBytes(48).toString('base64url');
  const buyers = await createBuyers(handle, secret, sizes.buyers, sizes.seconds + 3600);
  return { handle, secret, buyers };
}

/** The closing `targets:` line every bench prints: each target by name, met or MISSED. */
export function targetsLine(targets: Record<string, boolean>): string {
  return `targets: ${Object.entries(targets)
    .map(([name, met]) => `${name} ${met ? 'met' : 'MISSED'}`)
    .join(', ')}`;
}

/** The buyers' rows (straight into the database) and their access tokens (from the server's own module). */
export async function createBuyers(
  handle: DatabaseHandle,
  secret: string,
  count: number,
  tokenSeconds: number,
): Promise<Buyer[]> {
  await handle.db.execute(sql`
    INSERT INTO users (id, email, name, role, verified)
    SELECT 'loadbuyer' || i, 'buyer' || i || '@load.example.test', 'Load Buyer ' || i, 'buyer', false
    FROM generate_series(1, ${count}) AS i`);
  const tokens = accessTokens(secret, tokenSeconds);
  return Promise.all(
    Array.from({ length: count }, async (_, n) => {
      const i = n + 1;
      const id = `loadbuyer${i}`;
      const email = `buyer${i}@load.example.test`;
      const token = await tokens.issue({ userId: id, email, uid: id, role: 'buyer' });
      return { id, email, token, booked: new Set<string>() };
    }),
  );
}

export interface BookingCheck {
  answered201: number;
  rowsInDatabase: number;
  /** 201 answers whose booking is not in the database with that buyer and book. */
  lost: number;
  /** (buyer, book) pairs with more than one open booking. */
  duplicated: number;
}

type Rows<T> = { rows: T[] };

export async function checkBookings(handle: DatabaseHandle, booked: Booked[]): Promise<BookingCheck> {
  const rows = (await handle.db.execute(sql`SELECT id, buyer_id, product_id FROM bookings`)) as unknown as Rows<{
    id: string;
    buyer_id: string;
    product_id: string;
  }>;
  const byId = new Map(rows.rows.map((row) => [row.id, row]));
  const lost = booked.filter((b) => {
    const row = byId.get(b.bookingId);
    return !row || row.buyer_id !== b.buyerId || row.product_id !== b.productId;
  }).length;
  // Open: waiting for payment or paid (a paid booking is still the buyer's one booking of the book).
  const duplicates = (await handle.db.execute(sql`
    SELECT count(*)::int AS n FROM (
      SELECT buyer_id, product_id FROM bookings WHERE status IN ('waiting-for-payment', 'paid')
      GROUP BY buyer_id, product_id HAVING count(*) > 1
    ) AS twice`)) as unknown as Rows<{ n: number }>;
  return { answered201: booked.length, rowsInDatabase: rows.rows.length, lost, duplicated: duplicates.rows[0]!.n };
}

export interface PaymentCheck {
  acknowledged: number;
  rowsInDatabase: number;
  /** Acknowledged payments without their row (same id, booking and transaction), or whose booking is not paid. */
  lost: number;
  /** Bookings with more than one payment, plus books sold to more than one booking. */
  duplicated: number;
  /** Card charges the sandbox made that have neither a payment record nor a refund: money taken, nothing recorded. */
  chargedNotRecorded: number;
}

export async function checkPayments(handle: DatabaseHandle, paid: Paid[]): Promise<PaymentCheck> {
  const rows = (await handle.db.execute(sql`
    SELECT p.id, p.booking_id, p.transaction_id, b.status
    FROM payments p LEFT JOIN bookings b ON b.id = p.booking_id`)) as unknown as Rows<{
    id: string;
    booking_id: string;
    transaction_id: string;
    status: string | null;
  }>;
  const byId = new Map(rows.rows.map((row) => [row.id, row]));
  const lost = paid.filter((p) => {
    const row = byId.get(p.paymentId);
    return (
      !row ||
      row.booking_id !== p.bookingId ||
      row.transaction_id !== p.transactionId ||
      (row.status !== 'paid' && row.status !== 'handed-over')
    );
  }).length;
  const twice = (await handle.db.execute(sql`
    SELECT
      (SELECT count(*)::int FROM (SELECT booking_id FROM payments GROUP BY booking_id HAVING count(*) > 1) AS a) AS payments,
      (SELECT count(*)::int FROM (
        SELECT product_id FROM bookings WHERE status IN ('paid', 'handed-over') GROUP BY product_id HAVING count(*) > 1
      ) AS b) AS sales`)) as unknown as Rows<{ payments: number; sales: number }>;
  const unrecorded = (await handle.db.execute(sql`
    SELECT count(*)::int AS n FROM sandbox_payment_intents i
    WHERE i.status = 'succeeded' AND i.amount_refunded = 0
      AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.transaction_id = i.id)
      AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.transaction_id = i.id)`)) as unknown as Rows<{ n: number }>;
  return {
    acknowledged: paid.length,
    rowsInDatabase: rows.rows.length,
    lost,
    duplicated: twice.rows[0]!.payments + twice.rows[0]!.sales,
    chargedNotRecorded: unrecorded.rows[0]!.n,
  };
}

export interface EmailCheck {
  queued: number;
  delivered: number;
  /** Distinct Message-IDs the SMTP sink accepted (a repeat after a crash would carry the same one). */
  caught: number;
  /** Seconds after the run until every queued email was delivered. */
  drainSeconds: number;
}

/**
 * Waits until the worker delivered every queued email (or the timeout), then counts the outbox and the sink; emails
 * to `leaveOut` (bench:load's saved-search digests, counted on their own) are not counted.
 */
export async function checkEmails(
  handle: DatabaseHandle,
  catcher: MailCatcher,
  timeoutMs = MAIL_DRAIN_TIMEOUT_MS,
  leaveOut: readonly string[] = [],
): Promise<EmailCheck> {
  const started = Date.now();
  const counts = async () => {
    const result = (await handle.db.execute(
      sql`SELECT count(*)::int AS queued, count(delivered_at)::int AS delivered FROM mail_outbox
          WHERE to_email <> ALL(string_to_array(${leaveOut.join('\n')}, chr(10)))`,
    )) as unknown as { rows: { queued: number; delivered: number }[] };
    return result.rows[0]!;
  };
  let now = await counts();
  while (now.delivered < now.queued && Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    now = await counts();
  }
  const counted = catcher.mails.filter((mail) => !mail.to.some((to) => leaveOut.includes(to)));
  const caught = new Set(counted.map((mail) => mail.messageId)).size;
  return { ...now, caught, drainSeconds: round1((Date.now() - started) / 1000) };
}

export interface StepResult {
  step: Step;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

/** Throughput and latency per step from `latencies` (all of a step's, or only some), errors as counted. */
export function stepResult(step: Step, latencies: number[], errors: number, seconds: number): StepResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    step,
    requests: sorted.length,
    requestsPerSecond: round1(sorted.length / seconds),
    p50: round1(percentile(sorted, 50)),
    p95: round1(percentile(sorted, 95)),
    p99: round1(percentile(sorted, 99)),
    errors,
  };
}

export function stepResults(tally: Tally, seconds: number): StepResult[] {
  return tally.steps.map((step) => stepResult(step, tally.latencies.get(step)!, tally.errors.get(step)!, seconds));
}

/** bench:load's latency targets, under the names its report gives them. */
export function latencyTargets(steps: readonly StepResult[]): Record<string, boolean> {
  return {
    p95Under200msEveryStep: steps.every((s) => s.p95 < TARGET_P95_MS),
    bookP95AtMost100ms: steps.find((s) => s.step === 'book')!.p95 <= TARGET_BOOK_P95_MS,
  };
}

export function stepTable(steps: StepResult[]): string {
  const lines = ['| step | requests | req/s | p50 | p95 | p99 | errors |', '|---|---:|---:|---:|---:|---:|---:|'];
  for (const s of steps) {
    lines.push(
      `| ${s.step} | ${s.requests} | ${s.requestsPerSecond} | ${s.p50} ms | ${s.p95} ms | ${s.p99} ms | ${s.errors} |`,
    );
  }
  return lines.join('\n');
}
