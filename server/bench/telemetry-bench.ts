// `pnpm bench:telemetry`: release-health ingestion under load (decision 025). Browsers' batches of 50 reports at
// BENCH_TELEMETRY_RATE reports a second (6,000, above the 5,000 target) for BENCH_TELEMETRY_SECONDS (30) against
// the API on PostgreSQL, while bench:load's journey runs beside them (BENCH_TELEMETRY_BUYERS buyers, 200, over
// BENCH_TELEMETRY_LISTINGS listings, 100,000: bench:load's sizes). Prints the ingestion rate, the p95 of the
// telemetry call and of each journey step, judges bench:load's p95 targets, and checks that the counters hold every
// accepted page load.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { TELEMETRY_REMOTES as REMOTES, type PageLoadReport } from '@bookswap/shared/schemas';
import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '../src/db/database';
import { issuePageLoadTicket } from '../src/services/page-load-tickets';
import { percentile, REPO_ROOT, round1 } from './bench-setup';
import {
  BROWSE_AND_BOOK,
  latencyTargets,
  ONE_ADDRESS_FOR_ALL_BROWSERS,
  runBuyer,
  stepResults,
  stepTable,
  Tally,
  targetsLine,
} from './buyer-journey';
import { withJourneyRun, writeBenchReport } from './journey-run';

const RATE = Number(process.env.BENCH_TELEMETRY_RATE ?? 6000);
const SECONDS = Number(process.env.BENCH_TELEMETRY_SECONDS ?? 30);
const BUYERS = Number(process.env.BENCH_TELEMETRY_BUYERS ?? 200);
const LISTINGS = Number(process.env.BENCH_TELEMETRY_LISTINGS ?? 100_000);
const BATCH = 50;
/** Batches in flight at most: past it the sender is behind, and the rate it reaches is what it prints. */
const MAX_IN_FLIGHT = 64;
const TARGET_REPORTS_PER_SECOND = 5000;
const REPORT = path.join(REPO_ROOT, 'reports', 'bench-telemetry.json');

const ROUTES = {
  storefront: ['/', '/booklist', '/bookDetails/:id'],
  seller: ['/dashboard/myproduct'],
  admin: ['/dashboard/allseller'],
  checkout: ['/dashboard/payment/:id'],
} as const;
/** The secret the pages' tickets are signed with, as the shell's server does (docs/decisions/042). */
const PAGE_LOAD_SECRET = randomBytes(48).toString('base64url');
const LIVE = '0.1.0-live000000';
const CANARY = '0.1.0-canary0000';

/** A registry naming the run's releases: only releases the registry knows are counted (docs/decisions/025). */
function benchRegistry(): { dir: string; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookswap-telemetry-releases-'));
  const file = path.join(dir, 'registry.json');
  const remotes = Object.fromEntries(
    REMOTES.map((remote) => [remote, { live: LIVE, canary: { version: CANARY, percent: 10 }, history: [] }]),
  );
  fs.writeFileSync(file, JSON.stringify({ remotes }));
  return { dir, file };
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/**
 * The pages' tickets, signed before the run: the shell's server signs them as it sends pages, on its own host, so
 * signing them here during the run would measure the sender's CPU, not the API's (both share this machine's cores).
 */
let tickets: string[] = [];
const nextTicket = () => tickets.pop() ?? issuePageLoadTicket(PAGE_LOAD_SECRET);

/** A batch as many browsers send it: mostly page loads and vitals, a few failures and caught errors. */
function batchOfReports(): { text: string; loads: number } {
  const reports: PageLoadReport[] = [];
  let loads = 0;
  for (let i = 0; i < BATCH; i++) {
    const remote = pick(REMOTES);
    const release = {
      remote,
      version: Math.random() < 0.9 ? LIVE : CANARY,
      channel: Math.random() < 0.9 ? 'live' : 'canary',
      route: pick(ROUTES[remote]),
      // Each report a page load of its own, with the ticket its page carried: every load is redeemed.
      pageLoad: nextTicket(),
    } as const;
    const draw = Math.random();
    if (draw < 0.5) {
      loads++;
      reports.push({ kind: 'load', ...release, outcome: Math.random() < 0.98 ? 'loaded' : 'entry' });
    } else if (draw < 0.52) reports.push({ kind: 'error', ...release });
    else
      reports.push({
        kind: 'vital',
        ...release,
        name: pick(['LCP', 'INP', 'CLS'] as const),
        value: Math.random() * 4000,
      });
  }
  return { text: JSON.stringify({ reports }), loads };
}

function postBatch(agent: http.Agent, target: URL, text: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: '/api/telemetry',
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'content-length': Buffer.byteLength(text) },
        timeout: 10_000,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve(0));
    request.end(text);
  });
}

interface Ingestion {
  batches: number;
  accepted: number;
  acceptedLoads: number;
  refused: number;
  latencies: number[];
}

/** Sends batches on a fixed schedule (open loop), not waiting for answers, until the deadline. */
async function sendReports(target: URL, deadline: number): Promise<Ingestion> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT });
  const result: Ingestion = { batches: 0, accepted: 0, acceptedLoads: 0, refused: 0, latencies: [] };
  const started = Date.now();
  const batchesPerMs = RATE / BATCH / 1000;
  let inFlight = 0;
  const sending = new Set<Promise<void>>();
  while (Date.now() < deadline) {
    const due = Math.floor((Date.now() - started) * batchesPerMs);
    while (result.batches < due && inFlight < MAX_IN_FLIGHT) {
      result.batches++;
      inFlight++;
      const { text, loads } = batchOfReports();
      const sentAt = performance.now();
      const done = postBatch(agent, target, text).then((status) => {
        inFlight--;
        result.latencies.push(performance.now() - sentAt);
        if (status === 202) {
          result.accepted += BATCH;
          result.acceptedLoads += loads;
        } else result.refused++;
      });
      sending.add(done);
      void done.finally(() => sending.delete(done));
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await Promise.all(sending);
  agent.destroy();
  return result;
}

async function storedLoads(handle: DatabaseHandle): Promise<{ rows: number; loads: number }> {
  const result = (await handle.db.execute(
    sql`SELECT count(*)::integer AS rows, coalesce(sum(page_loads), 0)::integer AS loads FROM release_health_minutes`,
  )) as unknown as { rows: { rows: number; loads: number }[] };
  return { rows: Number(result.rows[0]!.rows), loads: Number(result.rows[0]!.loads) };
}

async function main(): Promise<void> {
  const registry = benchRegistry();
  await withJourneyRun(
    {
      command: 'bench:telemetry',
      cluster: { dir: 'bookswap-telemetry-postgres', port: 55634, db: 'bookswap_telemetry' },
      sizes: { listings: LISTINGS, buyers: BUYERS, seconds: SECONDS },
      // Every browser of the run comes from 127.0.0.1: one client address.
      env: {
        MAIL: 'off',
        RATE_LIMIT_TELEMETRY_PER_MINUTE: String(1_000_000_000),
        ...ONE_ADDRESS_FOR_ALL_BROWSERS,
        BOOKSWAP_PAGE_LOAD_SECRET: PAGE_LOAD_SECRET,
        BOOKSWAP_RELEASE_REGISTRY: registry.file,
        BOOKSWAP_RELEASES_DIR: registry.dir,
      },
    },
    async ({ handle, buyers, base, target }) => {
      console.log(`  ${RATE} reports/s in batches of ${BATCH} and ${BUYERS} buyers for ${SECONDS} s against ${base}`);
      tickets = Array.from({ length: Math.ceil(RATE * SECONDS * 1.05) }, () => issuePageLoadTicket(PAGE_LOAD_SECRET));
      const tally = new Tally(BROWSE_AND_BOOK);
      const runStarted = Date.now();
      const deadline = runStarted + SECONDS * 1000;
      const [ingestion] = await Promise.all([
        sendReports(target, deadline),
        ...buyers.map((buyer) => runBuyer(target, buyer, deadline, tally, { searchPages: 5 })),
      ]);
      const elapsed = (Date.now() - runStarted) / 1000;
      // The server writes its counts every second.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      reportRun(elapsed, tally, ingestion, await storedLoads(handle));
    },
  ).finally(() => fs.rmSync(registry.dir, { recursive: true, force: true }));
}

/** Writes reports/bench-telemetry.json, prints the figures, and fails the run on a refused or uncounted batch. */
function reportRun(elapsed: number, tally: Tally, ingestion: Ingestion, stored: { rows: number; loads: number }) {
  const latencies = ingestion.latencies.sort((a, b) => a - b);
  const steps = stepResults(tally, elapsed);
  const reportsPerSecond = round1(ingestion.accepted / elapsed);
  const report = writeBenchReport(REPORT, {
    settings: { reportsPerSecondAsked: RATE, batch: BATCH, seconds: SECONDS, buyers: BUYERS, listings: LISTINGS },
    latencyUnit: 'ms',
    elapsedSeconds: round1(elapsed),
    telemetry: {
      batches: ingestion.batches,
      reportsAccepted: ingestion.accepted,
      reportsPerSecond,
      refusedBatches: ingestion.refused,
      p50: round1(percentile(latencies, 50)),
      p95: round1(percentile(latencies, 95)),
      p99: round1(percentile(latencies, 99)),
    },
    counters: { rows: stored.rows, pageLoadsStored: stored.loads, pageLoadsAccepted: ingestion.acceptedLoads },
    journey: steps,
    journeyErrorSamples: tally.errorSamples,
    targets: {
      reportsPerSecondAtLeast5000: reportsPerSecond >= TARGET_REPORTS_PER_SECOND,
      noRefusedBatches: ingestion.refused === 0,
      everyAcceptedLoadCounted: stored.loads === ingestion.acceptedLoads,
      journeyWithoutErrors: steps.every((s) => s.errors === 0),
      // bench:load's p95 targets, held by the buyers beside the reports.
      ...latencyTargets(steps),
    },
  });

  console.log(
    `\ntelemetry: ${ingestion.accepted} reports accepted in ${round1(elapsed)} s = ${reportsPerSecond} reports/s ` +
      `(${ingestion.batches} batches, ${ingestion.refused} refused); p50 ${report.telemetry.p50} ms, ` +
      `p95 ${report.telemetry.p95} ms, p99 ${report.telemetry.p99} ms`,
  );
  console.log(
    `counters: ${stored.rows} rows, ${stored.loads} page loads stored of ${ingestion.acceptedLoads} accepted`,
  );
  console.log(`\nbuyer journey beside it (${BUYERS} buyers):\n${stepTable(steps)}`);
  console.log(targetsLine(report.targets));
  console.log(`wrote ${path.relative(REPO_ROOT, REPORT)}`);
  if (!report.targets.noRefusedBatches || !report.targets.everyAcceptedLoadCounted) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
