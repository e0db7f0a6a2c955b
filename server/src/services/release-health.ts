import {
  TELEMETRY_UNITS,
  VITAL_BUCKETS,
  vitalBucket,
  vitalP75,
  type ReleaseHealthRow,
  type PageLoadBatch,
  type PageLoadReport,
  type TelemetryUnit,
  type TelemetryChannel,
} from '@bookswap/shared/schemas';
import { createHmac, randomBytes } from 'node:crypto';
import { TELEMETRY_DEFAULTS, type ReleaseSettings, type TelemetrySettings } from '../config';
import type { Database } from '../db/database';
import {
  addReleaseHealthCounts,
  deleteReleaseHealthOfPrunedReleases,
  deleteReleaseHealthOlderThan,
  releaseHealthTotals,
  type ReleaseHealthMinuteRow,
} from '../repositories/release-health-repository';
import { deleteAddressCountsOutside, deleteExpiredTickets } from '../repositories/page-load-tickets-repository';
import { addressHolderOf } from './client-address';
import { PageLoadRedemptions, type Claimant, type RedemptionCounts } from './page-load-redemptions';
import { pageLoadTickets, type PageLoadTicket, type PageLoadTickets } from './page-load-tickets';
import { ReleaseCatalog, type KnownReleases } from './releases/known-releases';

/** Counts are written this often: 5,000 reports a second become one upsert a second per instance. */
const FLUSH_EVERY_MS = 1000;
/** Minutes older than this are deleted (docs/decisions/025). */
export const RELEASE_HEALTH_KEPT_DAYS = 400;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** Expired page-load tickets are deleted this often: at 3,000 page loads a second, the table holds a ticket's life. */
const TICKET_SWEEP_EVERY_MS = 60 * 1000;
/**
 * Distinct (minute, release, route) rows waiting for a flush at most: reports naming ever new versions or routes
 * cannot grow an instance's memory without bound. Past it, reports for rows not yet waiting are dropped.
 */
const MAX_WAITING_ROWS = 5000;
/**
 * The version and route of each minute's one row per unit that counts, in its page loads, the reports naming a
 * version the registry does not know or a route of no route table: not a valid version or route pattern, so no
 * report can name it.
 */
export const UNKNOWN_RELEASE = '(unknown)';

/** Whether a report names a release the registry knows for its unit, on a route of a route table. */
function isKnown(report: PageLoadReport, known: KnownReleases): boolean {
  return known.routes.has(report.route) && (known.versions.get(report.remote)?.has(report.version) ?? false);
}

/** The "unknown" rows are never a pruned release's. */
const TELEMETRY_UNITS_UNKNOWN = TELEMETRY_UNITS.map((remote) => ({ remote, version: UNKNOWN_RELEASE }));

function emptyCounts(key: Omit<ReleaseHealthMinuteRow, keyof Counts>): ReleaseHealthMinuteRow {
  return {
    ...key,
    pageLoads: 0,
    manifestFailures: 0,
    entryFailures: 0,
    moduleFailures: 0,
    contractFailures: 0,
    errorsCaught: 0,
    serverRenders: 0,
    serverRenderFailures: 0,
    serverRendersOverBudget: 0,
    lcpBuckets: new Array<number>(VITAL_BUCKETS).fill(0),
    inpBuckets: new Array<number>(VITAL_BUCKETS).fill(0),
    clsBuckets: new Array<number>(VITAL_BUCKETS).fill(0),
  };
}
type Counts = Omit<ReleaseHealthMinuteRow, 'minute' | 'remote' | 'version' | 'channel' | 'route'>;

function addInto(target: ReleaseHealthMinuteRow, more: ReleaseHealthMinuteRow): void {
  target.pageLoads += more.pageLoads;
  target.manifestFailures += more.manifestFailures;
  target.entryFailures += more.entryFailures;
  target.moduleFailures += more.moduleFailures;
  target.contractFailures += more.contractFailures;
  target.errorsCaught += more.errorsCaught;
  target.serverRenders += more.serverRenders;
  target.serverRenderFailures += more.serverRenderFailures;
  target.serverRendersOverBudget += more.serverRendersOverBudget;
  for (let i = 0; i < VITAL_BUCKETS; i++) {
    target.lcpBuckets[i]! += more.lcpBuckets[i] ?? 0;
    target.inpBuckets[i]! += more.inpBuckets[i] ?? 0;
    target.clsBuckets[i]! += more.clsBuckets[i] ?? 0;
  }
}

/**
 * One instance's counts not written yet. A report never waits for the database: it is added here in memory, and
 * every second one statement adds everything counted meanwhile to the table. A failed write keeps its counts for
 * the next one (up to the row limit), so a short database outage loses nothing but the product never waits on it.
 * Counts of the last second are lost if the process dies: acceptable for health figures, not for orders.
 */
export class ReleaseHealthTally {
  private waiting = new Map<string, ReleaseHealthMinuteRow>();
  private writing: Promise<void> | null = null;
  private readonly timer: NodeJS.Timeout;
  private lastSweep = 0;
  private lastTicketSweep = 0;
  private readonly redemptions: PageLoadRedemptions;
  private readonly tickets: PageLoadTickets;
  private readonly secret: string;
  /** Reports dropped since start because too many rows were waiting. */
  dropped = 0;

  constructor(
    private readonly db: Database,
    private readonly onError: (error: unknown) => void = () => undefined,
    /** The releases counted: the sweep deletes the rows of those no longer kept. */
    private readonly catalog: ReleaseCatalog | null = null,
    telemetry: Omit<TelemetrySettings, 'pageLoadSecret'> & { pageLoadSecret: string } = {
      ...TELEMETRY_DEFAULTS,
      pageLoadSecret: developmentSecret(),
    },
  ) {
    this.secret = telemetry.pageLoadSecret;
    this.tickets = pageLoadTickets(telemetry.pageLoadSecret, telemetry.ticketMinutes * 60);
    this.redemptions = new PageLoadRedemptions(telemetry);
    this.timer = setInterval(() => void this.flush().catch(this.onError), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  /**
   * Counts a batch under the minute the server received it in (the browser's clock is not trusted). Only reports
   * carrying a valid page-load ticket, of known releases on known routes, count; the rest adds to its unit's one
   * "unknown" row. A page load and its one failure count once the write has redeemed its ticket (docs/decisions/042).
   */
  count(batch: PageLoadBatch, known: KnownReleases, address = '', now = new Date()): void {
    const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString();
    // A batch is one page load's reports as the shell sends them: one ticket and one address to check, mostly.
    const checked = new Map<string, PageLoadTicket | null>();
    const ticketOf = (text: string | undefined) => {
      if (!text) return null;
      let ticket = checked.get(text);
      if (ticket === undefined) checked.set(text, (ticket = this.tickets.check(text, now)));
      return ticket;
    };
    let addressKey: string | null = null;
    const claimantOf = (unit: TelemetryUnit): Claimant => ({
      address: (addressKey ??= createHmac('sha256', this.secret)
        .update(`address:${addressHolderOf(address)}`)
        .digest('base64url')),
      windowStart:
        known.stepStarts?.get(unit) ?? new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000).toISOString(),
    });
    for (const report of batch.reports) {
      const ticket = ticketOf(report.pageLoad);
      if (!ticket || !isKnown(report, known)) {
        this.countUnknown(minute, report.remote);
        continue;
      }
      this.countKnown(minute, report, ticket, claimantOf(report.remote));
    }
  }

  private countKnown(minute: string, report: PageLoadReport, ticket: PageLoadTicket, claimant: Claimant): void {
    const release = {
      minute,
      remote: report.remote,
      version: report.version,
      channel: report.channel,
      route: report.route,
    };
    if (report.kind === 'load') {
      const expiresAt = ticket.expiresAt.toISOString();
      this.redemptions.noteLoad({ release, ticket: ticket.id, outcome: report.outcome, expiresAt, claimant });
    } else if (report.kind === 'error' || report.kind === 'render') {
      // Counted against the release its page load named, once, and only for a page load counted (any instance).
      const render = report.kind === 'render' ? report.outcome : null;
      const expiresAt = ticket.expiresAt.toISOString();
      this.redemptions.noteMark({ ticket: ticket.id, expiresAt, remote: report.remote, minute, render, claimant });
    } else {
      const row = this.rowFor(release);
      if (!row) return;
      const buckets = report.name === 'LCP' ? row.lcpBuckets : report.name === 'INP' ? row.inpBuckets : row.clsBuckets;
      buckets[vitalBucket(report.name, report.value)]!++;
    }
  }

  private countUnknown(minute: string, remote: TelemetryUnit, rows = this.waiting): void {
    const row = this.rowFor(
      { minute, remote, version: UNKNOWN_RELEASE, channel: 'live', route: UNKNOWN_RELEASE },
      rows,
    );
    if (row) row.pageLoads++;
  }

  private rowFor(key: Omit<ReleaseHealthMinuteRow, keyof Counts>, rows = this.waiting): ReleaseHealthMinuteRow | null {
    const id = `${key.minute}\n${key.remote}\n${key.version}\n${key.channel}\n${key.route}`;
    let row = rows.get(id);
    if (!row) {
      if (rows.size >= MAX_WAITING_ROWS) {
        this.dropped++;
        return null;
      }
      row = emptyCounts(key);
      rows.set(id, row);
    }
    return row;
  }

  /** Writes everything counted so far (waiting for a write under way first); the sweeps ride along. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    if (
      this.waiting.size === 0 &&
      this.redemptions.size === 0 &&
      Date.now() - this.lastTicketSweep < TICKET_SWEEP_EVERY_MS
    )
      return;
    const rows = this.waiting;
    this.waiting = new Map();
    this.writing = this.write(rows).finally(() => {
      this.writing = null;
    });
    await this.writing;
  }

  /** Where the redeemed reports of one write are counted: rows of their own, so a failed write never counts twice. */
  private redemptionCounts(redeemed: Map<string, ReleaseHealthMinuteRow>): RedemptionCounts {
    return {
      load: (release, outcome) => {
        const row = this.rowFor(release, redeemed);
        if (!row) return;
        row.pageLoads++;
        if (outcome === 'manifest') row.manifestFailures++;
        else if (outcome === 'entry') row.entryFailures++;
        else if (outcome === 'module') row.moduleFailures++;
        else if (outcome === 'contract') row.contractFailures++;
      },
      error: (release) => {
        const row = this.rowFor(release, redeemed);
        if (row) row.errorsCaught++;
      },
      render: (release, outcome) => {
        const row = this.rowFor(release, redeemed);
        if (!row) return;
        if (outcome === 'rendered') row.serverRenders++;
        else if (outcome === 'failed') row.serverRenderFailures++;
        else row.serverRendersOverBudget++;
      },
      unknown: (minute, remote) => this.countUnknown(minute, remote, redeemed),
    };
  }

  private async write(rows: Map<string, ReleaseHealthMinuteRow>): Promise<void> {
    const pending = this.redemptions.take();
    try {
      if (pending.loads.size + pending.failures.size + pending.renders.size === 0)
        await addReleaseHealthCounts(this.db, [...rows.values()]);
      else
        await this.db.transaction(async (tx) => {
          const redeemed = new Map<string, ReleaseHealthMinuteRow>();
          await this.redemptions.redeem(tx, pending, this.redemptionCounts(redeemed));
          await addReleaseHealthCounts(tx, mergedRows(rows, redeemed));
        });
    } catch (error) {
      // Kept for the next write: the counts that arrived meanwhile are added to them.
      this.redemptions.giveBack(pending);
      for (const [id, row] of rows) {
        const newer = this.waiting.get(id);
        if (newer) addInto(newer, row);
        else if (this.waiting.size < MAX_WAITING_ROWS) this.waiting.set(id, row);
      }
      throw error;
    }
    if (Date.now() - this.lastTicketSweep >= TICKET_SWEEP_EVERY_MS) {
      this.lastTicketSweep = Date.now();
      await deleteExpiredTickets(this.db);
    }
    if (Date.now() - this.lastSweep >= SWEEP_EVERY_MS) {
      this.lastSweep = Date.now();
      await deleteReleaseHealthOlderThan(this.db, RELEASE_HEALTH_KEPT_DAYS);
      await this.sweepPruned();
    }
  }

  /**
   * A pruned release's rows go with it (docs/decisions/025), and the address counts of windows that ended
   * (docs/decisions/042): only when the registry itself was read.
   */
  async sweepPruned(): Promise<number> {
    const known = await this.catalog?.current(0);
    if (!known?.fromRegistry) return 0;
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();
    const windows = TELEMETRY_UNITS.flatMap((unit) => {
      const step = known.stepStarts?.get(unit);
      return [{ unit, windowStart: hour }, ...(step ? [{ unit, windowStart: step }] : [])];
    });
    await deleteAddressCountsOutside(this.db, windows);
    const kept = [...known.versions].flatMap(([remote, versions]) =>
      [...versions].map((version) => ({ remote, version })),
    );
    return deleteReleaseHealthOfPrunedReleases(this.db, [...kept, ...TELEMETRY_UNITS_UNKNOWN]);
  }

  /** At shutdown: no more timer, and what was counted is written. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

/** The waiting rows with a write's redeemed counts added, one row per key (an upsert may touch a row once). */
function mergedRows(
  rows: Map<string, ReleaseHealthMinuteRow>,
  redeemed: Map<string, ReleaseHealthMinuteRow>,
): ReleaseHealthMinuteRow[] {
  const merged = new Map(rows);
  for (const [id, row] of redeemed) {
    const waiting = merged.get(id);
    if (!waiting) {
      merged.set(id, row);
      continue;
    }
    // A copy: the waiting row is given back unchanged if the write fails.
    const sum = {
      ...waiting,
      lcpBuckets: [...waiting.lcpBuckets],
      inpBuckets: [...waiting.inpBuckets],
      clsBuckets: [...waiting.clsBuckets],
    };
    addInto(sum, row);
    merged.set(id, sum);
  }
  return [...merged.values()];
}

let madeUpSecret: string | undefined;
/**
 * Locally, without BOOKSWAP_PAGE_LOAD_SECRET (refused in production, startup-checks.ts): one made up per process, so
 * only a shell's server given the same value could write tickets that count; the product's scripts pass one to both.
 */
function developmentSecret(): string {
  return (madeUpSecret ??= randomBytes(32).toString('base64url'));
}

/** The secret page-load tickets are checked with. */
export function pageLoadSecretOf(telemetry: Pick<TelemetrySettings, 'pageLoadSecret'>): string {
  return telemetry.pageLoadSecret ?? developmentSecret();
}

/**
 * What a release's error rate counts (docs/decisions/025, 037): page loads where it failed to load, caught an error
 * (a hydration React had to redo among them), or whose page the shell's server failed to render with it.
 */
export function releaseErrorsOf(totals: { loadFailures: number; errorsCaught: number; serverRenderFailures: number }) {
  return totals.loadFailures + totals.errorsCaught + totals.serverRenderFailures;
}

/** One tally per server (the tests run several in one process), removed by the server's close. */
const tallies = new Map<Database, { tally: ReleaseHealthTally; catalog: ReleaseCatalog }>();

function tallyOf(
  db: Database,
  settings: ReleaseSettings,
  telemetry: TelemetrySettings,
  onWriteError: (error: unknown) => void,
) {
  let entry = tallies.get(db);
  if (!entry) {
    const catalog = new ReleaseCatalog(settings);
    const counting = { ...telemetry, pageLoadSecret: pageLoadSecretOf(telemetry) };
    entry = { tally: new ReleaseHealthTally(db, onWriteError, catalog, counting), catalog };
    tallies.set(db, entry);
  }
  return entry;
}

/**
 * `POST /api/telemetry`: counted in memory at once, written within a second; a failed write is only logged. Only
 * releases the registry knows are counted (read every few seconds); the answer says how many reports arrived.
 */
export async function recordTelemetry(
  db: Database,
  settings: { releases: ReleaseSettings; telemetry: TelemetrySettings },
  batch: PageLoadBatch,
  /** The client's address: what one address adds is capped (docs/decisions/042). */
  address: string,
  onWriteError: (error: unknown) => void,
): Promise<{ accepted: number }> {
  const { tally, catalog } = tallyOf(db, settings.releases, settings.telemetry, onWriteError);
  tally.count(batch, await catalog.current(), address);
  return { accepted: batch.reports.length };
}

/** Deletes the counters of releases no longer kept (the hourly sweep does it too); answers how many rows went. */
export async function sweepPrunedReleaseHealth(
  db: Database,
  settings: ReleaseSettings,
  telemetry: TelemetrySettings,
): Promise<number> {
  return tallyOf(db, settings, telemetry, () => undefined).tally.sweepPruned();
}

/** Writes this instance's waiting counts and stops its timer (the server's close). */
export async function stopReleaseHealth(db: Database): Promise<void> {
  const entry = tallies.get(db);
  if (!entry) return;
  tallies.delete(db);
  await entry.tally.stop();
}

/** Writes this instance's waiting counts now, so a reading that follows includes them. */
export async function flushReleaseHealth(db: Database): Promise<void> {
  await tallies.get(db)?.tally.flush();
}

/** `GET /api/telemetry/summary`: this instance's waiting counts first, so the answer includes them. */
export async function releaseHealthSummary(
  db: Database,
  query: { minutes: number; remote?: TelemetryUnit },
): Promise<ReleaseHealthRow[]> {
  await flushReleaseHealth(db);
  const rows = await releaseHealthTotals(db, query);
  return rows.map((row) => ({
    remote: row.remote as TelemetryUnit,
    version: row.version,
    channel: row.channel as TelemetryChannel,
    route: row.route,
    pageLoads: row.pageLoads,
    failures: {
      manifest: row.manifestFailures,
      entry: row.entryFailures,
      module: row.moduleFailures,
      contract: row.contractFailures,
    },
    errorsCaught: row.errorsCaught,
    serverRenders: {
      rendered: row.serverRenders,
      failed: row.serverRenderFailures,
      'over-budget': row.serverRendersOverBudget,
    },
    vitals: {
      LCP: vitalFigures('LCP', row.lcpBuckets),
      INP: vitalFigures('INP', row.inpBuckets),
      CLS: vitalFigures('CLS', row.clsBuckets),
    },
  }));
}

function vitalFigures(name: 'LCP' | 'INP' | 'CLS', buckets: number[]) {
  return { count: buckets.reduce((sum, n) => sum + n, 0), p75: vitalP75(name, buckets), buckets };
}
