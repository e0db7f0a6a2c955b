import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';

// Expired counters are deleted once every this many counted requests (the table stays small).
const PRUNE_EVERY = 1000;

/** Counts one request in a fixed window shared by every instance: the new count and the window's remaining ms. */
async function countHit(db: Database, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const result = (await db.execute(sql`
    INSERT INTO rate_limit_counters AS counter (key, hits, window_ends_at)
    VALUES (${key}, 1, now() + ${windowMs}::integer * interval '1 millisecond')
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN counter.window_ends_at <= now() THEN 1 ELSE counter.hits + 1 END,
      window_ends_at = CASE WHEN counter.window_ends_at <= now() THEN excluded.window_ends_at ELSE counter.window_ends_at END
    RETURNING hits, greatest(0, ceil(extract(epoch FROM window_ends_at - now()) * 1000))::integer AS ttl
  `)) as unknown as { rows: { hits: number; ttl: number }[] };
  const row = result.rows[0]!;
  return { current: Number(row.hits), ttl: Number(row.ttl) };
}

/**
 * A store for @fastify/rate-limit keeping its counters in PostgreSQL (`rate_limit_counters`, migration 0005), so
 * that N instances behind a load balancer allow each limit once, not N times. Each route counts apart, as the
 * plugin's own per-route memory store does.
 */
export function databaseRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  let counted = 0;
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly scope: string;

    constructor(options: object, scope = '') {
      void options;
      this.scope = scope;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      if (++counted % PRUNE_EVERY === 0) {
        db.execute(sql`DELETE FROM rate_limit_counters WHERE window_ends_at < now()`).catch(() => undefined);
      }
      countHit(db, `${this.scope}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new DatabaseRateLimitStore(routeOptions, `${String(route?.method)} ${String(route?.url)} `);
    }
  }
  return DatabaseRateLimitStore;
}
