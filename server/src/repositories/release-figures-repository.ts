import { sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/database';
import { summedBuckets } from './release-health-repository';

/** A release's counters (migration 0010) summed over every route and both channels since a moment. */
export interface ReleaseWindowTotals {
  version: string;
  pageLoads: number;
  loadFailures: number;
  errorsCaught: number;
  /** Page loads whose page the shell's server failed to render (migration 0024). */
  serverRenderFailures: number;
  lcpBuckets: number[];
  inpBuckets: number[];
}

/**
 * For each asked (version, since) of one remote: its counters from the minute `since` falls in on, in one
 * statement. Versions without rows are absent from the answer.
 */
export async function releaseTotalsSince(
  db: Queryable,
  remote: string,
  windows: { version: string; since: string }[],
): Promise<ReleaseWindowTotals[]> {
  if (windows.length === 0) return [];
  const result = (await db.execute(sql`
    SELECT w.version,
      sum(m.page_loads)::bigint AS "pageLoads",
      sum(m.manifest_failures::bigint + m.entry_failures + m.module_failures + m.contract_failures)
        AS "loadFailures",
      sum(m.errors_caught)::bigint AS "errorsCaught",
      sum(m.server_render_failures)::bigint AS "serverRenderFailures",
      array_agg(array_to_string(m.lcp_buckets, ',')) AS lcp,
      array_agg(array_to_string(m.inp_buckets, ',')) AS inp
    FROM jsonb_to_recordset(${JSON.stringify(windows)}::jsonb) AS w (version text, since timestamptz)
    JOIN release_health_minutes m
      ON m.remote = ${remote} AND m.version = w.version AND m.minute >= date_trunc('minute', w.since)
    GROUP BY w.version
  `)) as unknown as {
    rows: {
      version: string;
      pageLoads: number | string;
      loadFailures: number | string;
      errorsCaught: number | string;
      serverRenderFailures: number | string;
      lcp: string[];
      inp: string[];
    }[];
  };
  return result.rows.map((row) => ({
    version: row.version,
    pageLoads: Number(row.pageLoads),
    loadFailures: Number(row.loadFailures),
    errorsCaught: Number(row.errorsCaught),
    serverRenderFailures: Number(row.serverRenderFailures),
    lcpBuckets: summedBuckets(row.lcp),
    inpBuckets: summedBuckets(row.inp),
  }));
}

/**
 * Runs `act` only in the one instance holding the rollout lock for this transaction (several API instances share a
 * registry; one decides per tick), its queries inside that transaction. Answers false when another instance holds it.
 */
export async function asRolloutLeader(db: Database, act: (tx: Queryable) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const result = (await tx.execute(
      sql`SELECT pg_try_advisory_xact_lock(hashtext('release-rollout')) AS leader`,
    )) as unknown as { rows: { leader: boolean }[] };
    if (!result.rows[0]?.leader) return false;
    await act(tx);
    return true;
  });
}
