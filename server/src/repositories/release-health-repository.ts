import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';

/** Release health counters (migration 0010): one row per minute, remote release and route. */

export interface ReleaseHealthKey {
  /** The minute, as an ISO 8601 instant at its start. */
  minute: string;
  remote: string;
  version: string;
  channel: string;
  route: string;
}

export interface ReleaseHealthCounts {
  pageLoads: number;
  manifestFailures: number;
  entryFailures: number;
  moduleFailures: number;
  contractFailures: number;
  errorsCaught: number;
  /** Page loads of a page the shell's server rendered, or answered unrendered (migration 0024). */
  serverRenders: number;
  serverRenderFailures: number;
  serverRendersOverBudget: number;
  lcpBuckets: number[];
  inpBuckets: number[];
  clsBuckets: number[];
}

export type ReleaseHealthMinuteRow = ReleaseHealthKey & ReleaseHealthCounts;

/**
 * Adds every row's counts to its minute's row, creating it when missing: one statement for the lot. Rows go in a
 * fixed order, so instances adding to the same rows never deadlock.
 */
export async function addReleaseHealthCounts(db: Queryable, rows: ReleaseHealthMinuteRow[]): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((row) => ({
      minute: row.minute,
      remote: row.remote,
      version: row.version,
      channel: row.channel,
      route: row.route,
      page_loads: row.pageLoads,
      manifest_failures: row.manifestFailures,
      entry_failures: row.entryFailures,
      module_failures: row.moduleFailures,
      contract_failures: row.contractFailures,
      errors_caught: row.errorsCaught,
      server_renders: row.serverRenders,
      server_render_failures: row.serverRenderFailures,
      server_renders_over_budget: row.serverRendersOverBudget,
      lcp_buckets: row.lcpBuckets,
      inp_buckets: row.inpBuckets,
      cls_buckets: row.clsBuckets,
    })),
  );
  await db.execute(sql`
    INSERT INTO release_health_minutes AS counter (
      minute, remote, version, channel, route, page_loads, manifest_failures, entry_failures, module_failures,
      contract_failures, errors_caught, server_renders, server_render_failures, server_renders_over_budget,
      lcp_buckets, inp_buckets, cls_buckets)
    SELECT c.minute, c.remote, c.version, c.channel, c.route, c.page_loads, c.manifest_failures, c.entry_failures,
      c.module_failures, c.contract_failures, c.errors_caught, c.server_renders, c.server_render_failures,
      c.server_renders_over_budget, c.lcp_buckets, c.inp_buckets, c.cls_buckets
    FROM jsonb_to_recordset(${json}::jsonb) AS c (
      minute timestamptz, remote text, version text, channel text, route text, page_loads integer,
      manifest_failures integer, entry_failures integer, module_failures integer, contract_failures integer,
      errors_caught integer, server_renders integer, server_render_failures integer,
      server_renders_over_budget integer, lcp_buckets integer[], inp_buckets integer[], cls_buckets integer[])
    ORDER BY c.minute, c.remote, c.version, c.channel, c.route
    ON CONFLICT (minute, remote, version, channel, route) DO UPDATE SET
      page_loads = counter.page_loads + excluded.page_loads,
      manifest_failures = counter.manifest_failures + excluded.manifest_failures,
      entry_failures = counter.entry_failures + excluded.entry_failures,
      module_failures = counter.module_failures + excluded.module_failures,
      contract_failures = counter.contract_failures + excluded.contract_failures,
      errors_caught = counter.errors_caught + excluded.errors_caught,
      server_renders = counter.server_renders + excluded.server_renders,
      server_render_failures = counter.server_render_failures + excluded.server_render_failures,
      server_renders_over_budget = counter.server_renders_over_budget + excluded.server_renders_over_budget,
      lcp_buckets = ARRAY(SELECT a + b FROM unnest(counter.lcp_buckets, excluded.lcp_buckets) AS pair (a, b)),
      inp_buckets = ARRAY(SELECT a + b FROM unnest(counter.inp_buckets, excluded.inp_buckets) AS pair (a, b)),
      cls_buckets = ARRAY(SELECT a + b FROM unnest(counter.cls_buckets, excluded.cls_buckets) AS pair (a, b))
  `);
}

export type ReleaseHealthTotalsRow = Omit<ReleaseHealthMinuteRow, 'minute'>;

/** Each release's counters on each route summed over the last `minutes` (optionally one remote's), busiest first. */
export async function releaseHealthTotals(
  db: Queryable,
  { minutes, remote }: { minutes: number; remote?: string },
): Promise<ReleaseHealthTotalsRow[]> {
  const result = (await db.execute(sql`
    SELECT remote, version, channel, route,
      sum(page_loads)::bigint AS "pageLoads",
      sum(manifest_failures)::bigint AS "manifestFailures",
      sum(entry_failures)::bigint AS "entryFailures",
      sum(module_failures)::bigint AS "moduleFailures",
      sum(contract_failures)::bigint AS "contractFailures",
      sum(errors_caught)::bigint AS "errorsCaught",
      sum(server_renders)::bigint AS "serverRenders",
      sum(server_render_failures)::bigint AS "serverRenderFailures",
      sum(server_renders_over_budget)::bigint AS "serverRendersOverBudget",
      array_agg(array_to_string(lcp_buckets, ',')) AS lcp,
      array_agg(array_to_string(inp_buckets, ',')) AS inp,
      array_agg(array_to_string(cls_buckets, ',')) AS cls
    FROM release_health_minutes
    WHERE minute >= date_trunc('minute', now()) - ${minutes - 1} * interval '1 minute'
      AND (${remote ?? null}::text IS NULL OR remote = ${remote ?? null}::text)
    GROUP BY remote, version, channel, route
    ORDER BY "pageLoads" DESC, remote, version, route
    LIMIT 1000
  `)) as unknown as {
    rows: (Omit<ReleaseHealthTotalsRow, 'lcpBuckets' | 'inpBuckets' | 'clsBuckets'> & {
      lcp: string[];
      inp: string[];
      cls: string[];
    })[];
  };
  return result.rows.map(({ lcp, inp, cls, ...row }) => ({
    ...row,
    pageLoads: Number(row.pageLoads),
    manifestFailures: Number(row.manifestFailures),
    entryFailures: Number(row.entryFailures),
    moduleFailures: Number(row.moduleFailures),
    contractFailures: Number(row.contractFailures),
    errorsCaught: Number(row.errorsCaught),
    serverRenders: Number(row.serverRenders),
    serverRenderFailures: Number(row.serverRenderFailures),
    serverRendersOverBudget: Number(row.serverRendersOverBudget),
    lcpBuckets: summedBuckets(lcp),
    inpBuckets: summedBuckets(inp),
    clsBuckets: summedBuckets(cls),
  }));
}

/** Bucket-wise sum of the minutes' histograms (each as comma-separated text, engine-neutral). */
export function summedBuckets(histograms: string[]): number[] {
  const sum: number[] = [];
  for (const histogram of histograms) {
    histogram.split(',').forEach((count, i) => {
      sum[i] = (sum[i] ?? 0) + Number(count);
    });
  }
  return sum;
}

/** Deletes the minutes older than `days`; answers how many went. */
export async function deleteReleaseHealthOlderThan(db: Queryable, days: number): Promise<number> {
  const result = (await db.execute(
    sql`DELETE FROM release_health_minutes WHERE minute < now() - ${days} * interval '1 day'`,
  )) as unknown as { rowCount?: number | null; affectedRows?: number };
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}

/**
 * Deletes the rows of every release not in `kept` (docs/decisions/025: a release's counters go when the release is
 * pruned); answers how many went.
 */
export async function deleteReleaseHealthOfPrunedReleases(
  db: Queryable,
  kept: { remote: string; version: string }[],
): Promise<number> {
  const result = (await db.execute(sql`
    DELETE FROM release_health_minutes m
    WHERE NOT EXISTS (
      SELECT 1 FROM jsonb_to_recordset(${JSON.stringify(kept)}::jsonb) AS k (remote text, version text)
      WHERE k.remote = m.remote AND k.version = m.version)
  `)) as unknown as { rowCount?: number | null; affectedRows?: number };
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}
