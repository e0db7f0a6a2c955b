// `pnpm bench:load`: the buyer journey under load, on loopback only. BENCH_LOAD_USERS virtual buyers (200) for
// BENCH_LOAD_SECONDS (60) against the API server on PostgreSQL (DATABASE_URL, or a throwaway cluster from
// scripts/ci-postgres.sh) holding BENCH_LOAD_LISTINGS listings (100,000). Each buyer holds an access token issued
// beforehand with the server's own token module and JWT_SECRET, then loops: the book list, a search, a detail,
// a booking of an available book it has not booked yet (every tenth booking is sent twice at once: one must be
// 201, the other 409). Afterwards the database is checked: every 201 has its row, and no buyer holds two open
// bookings of one book. Prints a table and writes reports/bench-load.json.
// The mail outbox is on (decision 024): every booking queues the seller's email in its transaction and the server's mail
// worker delivers it to a local SMTP sink during the run; afterwards the outbox is drained and counted.
// Saved-search alerts (decision 035, alert-delivery.ts): four buyers save a search through the API, and a seller lists
// a matching book every BENCH_ALERT_EVERY_SECONDS (5) during the load; the server's alerts job (SAVED_SEARCH_POLL_MS,
// the product's 60 s unless set) sends the digests. Each listing's time from its 201 to its digest at the SMTP sink is
// reported; digests still due when the load ends are waited for, up to BENCH_ALERT_WAIT_SECONDS (360).
// BENCH_BASELINE=<git ref> runs that commit's own bench:load and this tree's in alternating rounds instead
// (`load-baseline.ts`, BENCH_ROUNDS rounds, 4) and writes reports/bench-load-baseline.json.
import path from 'node:path';
import { startMailCatcher } from '../src/testing/mail-catcher';
import {
  alertLine,
  alertTargetMet,
  deliveryDelays,
  deliverySummary,
  listAlertBooks,
  saveAlertSearches,
  waitForAlertEmails,
  type AlertDelivery,
} from './alert-delivery';
import { REPO_ROOT, round1 } from './bench-setup';
import {
  BROWSE_AND_BOOK,
  checkBookings,
  checkEmails,
  latencyTargets,
  REQUEST_TIMEOUT_MS,
  RATE_LIMITS,
  runBuyer,
  stepResults,
  stepTable,
  Tally,
  targetsLine,
} from './buyer-journey';
import type { BookingCheck, EmailCheck } from './buyer-journey';
import { withJourneyRun, writeBenchReport } from './journey-run';
import { compareLoadWithBaseline } from './load-baseline';

const REPORT = path.join(REPO_ROOT, 'reports', 'bench-load.json');
const USERS = Number(process.env.BENCH_LOAD_USERS ?? 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const LISTINGS = Number(process.env.BENCH_LOAD_LISTINGS ?? 100_000);
const ALERT_EVERY_SECONDS = Number(process.env.BENCH_ALERT_EVERY_SECONDS ?? 5);
const ALERT_WAIT_SECONDS = Number(process.env.BENCH_ALERT_WAIT_SECONDS ?? 360);
// The server reads the same variable; the product's default is what users get.
const SAVED_SEARCH_POLL_MS = Number(process.env.SAVED_SEARCH_POLL_MS ?? 60_000);

async function main(): Promise<void> {
  const started = Date.now();
  const catcher = await startMailCatcher();
  try {
    await withJourneyRun(
      {
        command: 'bench:load',
        cluster: { dir: 'bookswap-load-postgres', port: 55632, db: 'bookswap_load' },
        sizes: { listings: LISTINGS, buyers: USERS, seconds: SECONDS },
        env: { SMTP_URL: catcher.smtpUrl },
      },
      async ({ handle, secret, buyers, base, target }) => {
        const holders = await saveAlertSearches(target, buyers);
        console.log(
          `  ${USERS} buyers for ${SECONDS} s against ${base}; ${holders.length} of them hold saved searches`,
        );
        const tally = new Tally(BROWSE_AND_BOOK);
        const runStarted = Date.now();
        const deadline = runStarted + SECONDS * 1000;
        const [alerts] = await Promise.all([
          listAlertBooks({ handle, secret, target }, holders, deadline, ALERT_EVERY_SECONDS * 1000),
          ...buyers.map((buyer) => runBuyer(target, buyer, deadline, tally, { searchPages: 5 })),
        ]);
        const elapsed = (Date.now() - runStarted) / 1000;
        console.log(
          `  waiting up to ${ALERT_WAIT_SECONDS} s for the digests of ${alerts.listings.length} listings still due`,
        );
        const waited = await waitForAlertEmails(catcher, alerts.listings, ALERT_WAIT_SECONDS * 1000);
        const alertDelivery: AlertDelivery = {
          pollMs: SAVED_SEARCH_POLL_MS,
          listedEverySeconds: ALERT_EVERY_SECONDS,
          ...deliverySummary(deliveryDelays(alerts.listings, catcher.mails)),
          waitedAfterLoadSeconds: waited,
          listingErrors: alerts.errors,
        };
        const bookingCheck = await checkBookings(handle, tally.booked);
        console.log('  waiting for the mail worker to drain the outbox');
        const leaveOut = holders.map((holder) => holder.email);
        const emailCheck = await checkEmails(handle, catcher, undefined, leaveOut);
        reportRun(started, elapsed, tally, bookingCheck, emailCheck, alertDelivery);
      },
    );
  } finally {
    await catcher.close();
  }
}

/** Writes reports/bench-load.json, prints the table and the totals, and fails the run on a correctness target. */
function reportRun(
  started: number,
  elapsed: number,
  tally: Tally,
  bookingCheck: BookingCheck,
  emailCheck: EmailCheck,
  alertDelivery: AlertDelivery,
) {
  const steps = stepResults(tally, elapsed);
  const errors = steps.reduce((n, s) => n + s.errors, 0);
  const requests = steps.reduce((n, s) => n + s.requests, 0);
  const targets = {
    zeroErrors: errors === 0,
    noLostBookings: bookingCheck.lost === 0,
    noDuplicatedBookings: bookingCheck.duplicated === 0,
    ...latencyTargets(steps),
    emailsQueuedEqualBookings: emailCheck.queued === bookingCheck.rowsInDatabase,
    emailsDeliveredEqualBookings:
      emailCheck.delivered === bookingCheck.rowsInDatabase && emailCheck.caught === bookingCheck.rowsInDatabase,
    alertEmailWithin5Min: alertTargetMet(alertDelivery),
  };
  const report = writeBenchReport(REPORT, {
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
    alertDelivery,
    targets,
  });

  console.log(
    `\n${USERS} buyers, ${round1(elapsed)} s, PostgreSQL, ${LISTINGS.toLocaleString('en')} listings; ` +
      `rate limits raised for the run (RATE_LIMIT_SEARCH_PER_MINUTE, RATE_LIMIT_WRITES_PER_MINUTE and BOOKINGS_PER_DAY = 1e9)\n`,
  );
  console.log(stepTable(steps));
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
  console.log(alertLine(alertDelivery));
  console.log(
    `alert email ≤ 5 min: ${targets.alertEmailWithin5Min ? 'met' : 'MISSED'} ` +
      `(p50 ${alertDelivery.p50Seconds} s, p95 ${alertDelivery.p95Seconds} s, max ${alertDelivery.maxSeconds} s, ` +
      `${alertDelivery.arrived}/${alertDelivery.listings} arrived)`,
  );
  console.log(targetsLine(targets));
  console.log(`\nwrote ${path.relative(REPO_ROOT, REPORT)} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  // Correctness is a failure; a slower p95 is a measurement, reported above.
  if (
    !targets.zeroErrors ||
    !targets.noLostBookings ||
    !targets.noDuplicatedBookings ||
    !targets.emailsQueuedEqualBookings ||
    !targets.emailsDeliveredEqualBookings ||
    // A digest that never came is lost, not slow; a listing refused leaves the figure short.
    alertDelivery.arrived < alertDelivery.listings ||
    alertDelivery.listingErrors.length > 0
  )
    process.exitCode = 1;
}

const baselineRef = process.env.BENCH_BASELINE;
(baselineRef ? compareLoadWithBaseline(baselineRef, Number(process.env.BENCH_ROUNDS ?? 4)) : main()).catch(
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
