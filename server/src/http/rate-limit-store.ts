import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { NextBatch, type Waiting } from '../db/next-batch';

// Expired counters are deleted once every this many counted requests (the table stays small).
const PRUNE_EVERY = 1000;
// At most this many hits counted by one statement.
const MAX_HITS_PER_STATEMENT = 1000;

type Count = { current: number; ttl: number };
type Counted = (error: Error | null, result?: Count) => void;

interface Hit {
  key: string;
  windowMs: number;
}

/**
 * Counts requests in fixed windows shared by every instance. One statement at a time per instance: the hits
 * that arrive while it runs are counted together by the next one (db/next-batch.ts), each key once with the
 * number of its hits, so a busy key (every anonymous search from one address) costs one row update per round
 * trip instead of one per request, and no request ever waits on another's row lock here. Each request still
 * waits for its own count and gets its own place in it (the counts of n hits of one key are the next n
 * numbers), exactly as n single increments would give them.
 */
class HitCounter {
  private readonly hits = new NextBatch<Hit, Count>((batch) => this.countBatch(batch), MAX_HITS_PER_STATEMENT);
  private counted = 0;

  constructor(private readonly db: Database) {}

  count(hit: Hit, callback: Counted): void {
    if (++this.counted % PRUNE_EVERY === 0) this.prune();
    // The plugin's callbacks only settle its promises; nothing may escape as an unhandled rejection.
    this.hits.add(hit).then(
      (result) => callback(null, result),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  private async countBatch(batch: Waiting<Hit, Count>[]): Promise<void> {
    const byKey = new Map<string, { windowMs: number; hits: Waiting<Hit, Count>[] }>();
    for (const hit of batch) {
      const same = byKey.get(hit.input.key);
      if (same) same.hits.push(hit);
      else byKey.set(hit.input.key, { windowMs: hit.input.windowMs, hits: [hit] });
    }
    const rows = [...byKey].map(([key, { windowMs, hits: ofKey }]) => ({ k: key, n: ofKey.length, w: windowMs }));
    const counts = await this.countRows(rows);
    for (const [key, { hits: ofKey }] of byKey) {
      const counted = counts.get(key);
      if (!counted) {
        for (const hit of ofKey) hit.reject(new Error(`rate-limit counter ${key} was not counted`));
        continue;
      }
      // The key's count after this statement is `hits`: its n hits were the n numbers up to it.
      ofKey.forEach((hit, i) => hit.resolve({ current: counted.hits - ofKey.length + 1 + i, ttl: counted.ttl }));
    }
  }

  /** One upsert for every key; keys in a fixed order, so that instances counting the same keys never deadlock. */
  private async countRows(
    rows: { k: string; n: number; w: number }[],
  ): Promise<Map<string, { hits: number; ttl: number }>> {
    const result = (await this.db.execute(sql`
      INSERT INTO rate_limit_counters AS counter (key, hits, window_ends_at)
      SELECT hit.k, hit.n, now() + hit.w * interval '1 millisecond'
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS hit (k text, n integer, w integer)
      ORDER BY hit.k
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN counter.window_ends_at <= now() THEN excluded.hits ELSE counter.hits + excluded.hits END,
        window_ends_at = CASE WHEN counter.window_ends_at <= now() THEN excluded.window_ends_at ELSE counter.window_ends_at END
      RETURNING key, hits, greatest(0, ceil(extract(epoch FROM window_ends_at - now()) * 1000))::integer AS ttl
    `)) as unknown as { rows: { key: string; hits: number; ttl: number }[] };
    return new Map(result.rows.map((row) => [row.key, { hits: Number(row.hits), ttl: Number(row.ttl) }]));
  }

  /** Deletes ended windows, skipping rows a count holds (never waiting on one, so never deadlocking with it). */
  private prune(): void {
    this.db
      .execute(
        sql`DELETE FROM rate_limit_counters WHERE key IN (
          SELECT key FROM rate_limit_counters WHERE window_ends_at < now() FOR UPDATE SKIP LOCKED)`,
      )
      .catch(() => undefined);
  }
}

/**
 * A store for @fastify/rate-limit keeping its counters in PostgreSQL (`rate_limit_counters`, migration 0005), so
 * that N instances behind a load balancer allow each limit once, not N times. Each route counts apart, as the
 * plugin's own per-route memory store does.
 */
export function databaseRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  const counter = new HitCounter(db);
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly scope: string;

    constructor(options: object, scope = '') {
      void options;
      this.scope = scope;
    }

    incr(key: string, callback: Counted, timeWindow: number): void {
      counter.count({ key: `${this.scope}${key}`, windowMs: timeWindow }, callback);
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new DatabaseRateLimitStore(routeOptions, `${String(route?.method)} ${String(route?.url)} `);
    }
  }
  return DatabaseRateLimitStore;
}
