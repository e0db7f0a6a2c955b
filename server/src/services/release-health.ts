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
import type { ReleaseSettings } from '../config';
import type { Database } from '../db/database';
import {
  addReleaseHealthCounts,
  deleteReleaseHealthOfPrunedReleases,
  deleteReleaseHealthOlderThan,
  releaseHealthTotals,
  type ReleaseHealthMinuteRow,
} from '../repositories/release-health-repository';
import { PageLoadLedger, type LedgerPageLoad } from './page-load-ledger';
import { ReleaseCatalog, type KnownReleases } from './releases/known-releases';

/** Counts are written this often: 5,000 reports a second become one upsert a second per instance. */
const FLUSH_EVERY_MS = 1000;
/** Minutes older than this are deleted (docs/decisions/025). */
export const RELEASE_HEALTH_KEPT_DAYS = 400;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
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
  private readonly pageLoads = new PageLoadLedger();
  /** Reports dropped since start because too many rows were waiting. */
  dropped = 0;

  constructor(
    private readonly db: Database,
    private readonly onError: (error: unknown) => void = () => undefined,
    /** The releases counted: the sweep deletes the rows of those no longer kept. */
    private readonly catalog: ReleaseCatalog | null = null,
  ) {
    this.timer = setInterval(() => void this.flush().catch(this.onError), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  /**
   * Counts a batch under the minute the server received it in (the browser's clock is not trusted). Only known
   * releases on known routes are counted; the rest adds to its unit's one "unknown" row. Loads go first: a page's
   * error may travel in the same batch as its load, ahead of it.
   */
  count(batch: PageLoadBatch, known: KnownReleases, now = new Date()): void {
    const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString();
    const loadsFirst = [
      ...batch.reports.filter((report) => report.kind === 'load'),
      ...batch.reports.filter((report) => report.kind !== 'load'),
    ];
    for (const report of loadsFirst) {
      if (!isKnown(report, known)) {
        this.countUnknown(minute, report.remote);
        continue;
      }
      this.countKnown(minute, report);
    }
  }

  private countKnown(minute: string, report: PageLoadReport): void {
    const release = { version: report.version, channel: report.channel, route: report.route };
    if (report.kind === 'load') {
      const failed = report.outcome !== 'loaded';
      // A load without a page-load id (a shell released before them) counts, but cannot be told apart from a repeat.
      if (report.pageLoad && !this.pageLoads.noteLoad(report.pageLoad, report.remote, { ...release, failed })) return;
      const row = this.rowFor({ minute, remote: report.remote, ...release });
      if (!row) return;
      row.pageLoads++;
      if (report.outcome === 'manifest') row.manifestFailures++;
      else if (report.outcome === 'entry') row.entryFailures++;
      else if (report.outcome === 'module') row.moduleFailures++;
      else if (report.outcome === 'contract') row.contractFailures++;
    } else if (report.kind === 'error') {
      // Counted once per page load, and only for a page load counted here: an error alone proves no page load.
      const row = this.rowOfPageLoad(minute, report, (id) => this.pageLoads.failOnce(id, report.remote));
      if (row) row.errorsCaught++;
    } else if (report.kind === 'render') {
      // As an error: once per page load, and only for a page load counted here.
      const row = this.rowOfPageLoad(minute, report, (id) => this.pageLoads.renderOnce(id, report.remote));
      if (!row) return;
      if (report.outcome === 'rendered') row.serverRenders++;
      else if (report.outcome === 'failed') row.serverRenderFailures++;
      else row.serverRendersOverBudget++;
    } else {
      const row = this.rowFor({ minute, remote: report.remote, ...release });
      if (!row) return;
      const buckets = report.name === 'LCP' ? row.lcpBuckets : report.name === 'INP' ? row.inpBuckets : row.clsBuckets;
      buckets[vitalBucket(report.name, report.value)]!++;
    }
  }

  /** The row of the release and route the report's page load used, when `take` finds that page load (once). */
  private rowOfPageLoad(
    minute: string,
    report: PageLoadReport,
    take: (pageLoad: string) => LedgerPageLoad | null,
  ): ReleaseHealthMinuteRow | null {
    const load = report.pageLoad ? take(report.pageLoad) : null;
    if (!load) return null;
    const { version, channel, route } = load;
    return this.rowFor({ minute, remote: report.remote, version, channel, route });
  }

  private countUnknown(minute: string, remote: TelemetryUnit): void {
    const row = this.rowFor({ minute, remote, version: UNKNOWN_RELEASE, channel: 'live', route: UNKNOWN_RELEASE });
    if (row) row.pageLoads++;
  }

  private rowFor(key: Omit<ReleaseHealthMinuteRow, keyof Counts>): ReleaseHealthMinuteRow | null {
    const id = `${key.minute}\n${key.remote}\n${key.version}\n${key.channel}\n${key.route}`;
    let row = this.waiting.get(id);
    if (!row) {
      if (this.waiting.size >= MAX_WAITING_ROWS) {
        this.dropped++;
        return null;
      }
      row = emptyCounts(key);
      this.waiting.set(id, row);
    }
    return row;
  }

  /** Writes everything counted so far (waiting for a write under way first); the hourly sweep rides along. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.waiting.size === 0 && Date.now() - this.lastSweep < SWEEP_EVERY_MS) return;
    const rows = this.waiting;
    this.waiting = new Map();
    this.writing = this.write(rows).finally(() => {
      this.writing = null;
    });
    await this.writing;
  }

  private async write(rows: Map<string, ReleaseHealthMinuteRow>): Promise<void> {
    try {
      await addReleaseHealthCounts(this.db, [...rows.values()]);
    } catch (error) {
      // Kept for the next write: the counts that arrived meanwhile are added to them.
      for (const [id, row] of rows) {
        const newer = this.waiting.get(id);
        if (newer) addInto(newer, row);
        else if (this.waiting.size < MAX_WAITING_ROWS) this.waiting.set(id, row);
      }
      throw error;
    }
    if (Date.now() - this.lastSweep >= SWEEP_EVERY_MS) {
      this.lastSweep = Date.now();
      await deleteReleaseHealthOlderThan(this.db, RELEASE_HEALTH_KEPT_DAYS);
      await this.sweepPruned();
    }
  }

  /** A pruned release's rows go with it (docs/decisions/025): only when the registry itself was read. */
  async sweepPruned(): Promise<number> {
    const known = await this.catalog?.current(0);
    if (!known?.fromRegistry) return 0;
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

/**
 * What a release's error rate counts (docs/decisions/025, 037): page loads where it failed to load, caught an error
 * (a hydration React had to redo among them), or whose page the shell's server failed to render with it.
 */
export function releaseErrorsOf(totals: { loadFailures: number; errorsCaught: number; serverRenderFailures: number }) {
  return totals.loadFailures + totals.errorsCaught + totals.serverRenderFailures;
}

/** One tally per server (the tests run several in one process), removed by the server's close. */
const tallies = new Map<Database, { tally: ReleaseHealthTally; catalog: ReleaseCatalog }>();

function tallyOf(db: Database, settings: ReleaseSettings, onWriteError: (error: unknown) => void) {
  let entry = tallies.get(db);
  if (!entry) {
    const catalog = new ReleaseCatalog(settings);
    entry = { tally: new ReleaseHealthTally(db, onWriteError, catalog), catalog };
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
  settings: ReleaseSettings,
  batch: PageLoadBatch,
  onWriteError: (error: unknown) => void,
): Promise<{ accepted: number }> {
  const { tally, catalog } = tallyOf(db, settings, onWriteError);
  tally.count(batch, await catalog.current());
  return { accepted: batch.reports.length };
}

/** Deletes the counters of releases no longer kept (the hourly sweep does it too); answers how many rows went. */
export async function sweepPrunedReleaseHealth(db: Database, settings: ReleaseSettings): Promise<number> {
  return tallyOf(db, settings, () => undefined).tally.sweepPruned();
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
