import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';

/** The rate-limit counters (migration 0005): one row per route and caller, a fixed window each. */

export interface HitsOfKey {
  key: string;
  hits: number;
  windowMs: number;
}

/**
 * Counts every key's hits in one upsert and answers each key's count in its window and the window's ms left.
 * Keys go in a fixed order, so that instances counting the same keys never deadlock.
 */
export async function countHits(db: Queryable, rows: HitsOfKey[]): Promise<Map<string, { hits: number; ttl: number }>> {
  const json = JSON.stringify(rows.map((row) => ({ k: row.key, n: row.hits, w: row.windowMs })));
  const result = (await db.execute(sql`
    INSERT INTO rate_limit_counters AS counter (key, hits, window_ends_at)
    SELECT hit.k, hit.n, now() + hit.w * interval '1 millisecond'
    FROM jsonb_to_recordset(${json}::jsonb) AS hit (k text, n integer, w integer)
    ORDER BY hit.k
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN counter.window_ends_at <= now() THEN excluded.hits ELSE counter.hits + excluded.hits END,
      window_ends_at = CASE WHEN counter.window_ends_at <= now() THEN excluded.window_ends_at ELSE counter.window_ends_at END
    RETURNING key, hits, greatest(0, ceil(extract(epoch FROM window_ends_at - now()) * 1000))::integer AS ttl
  `)) as unknown as { rows: { key: string; hits: number; ttl: number }[] };
  return new Map(result.rows.map((row) => [row.key, { hits: Number(row.hits), ttl: Number(row.ttl) }]));
}

/** Deletes ended windows, skipping rows a count holds (never waiting on one, so never deadlocking with it). */
export async function deleteEndedWindows(db: Queryable): Promise<void> {
  await db.execute(
    sql`DELETE FROM rate_limit_counters WHERE key IN (
      SELECT key FROM rate_limit_counters WHERE window_ends_at < now() FOR UPDATE SKIP LOCKED)`,
  );
}
