import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/database';
import { HitCounter, type Count } from '../services/rate-limit-counts';

type Counted = (error: Error | null, result?: Count) => void;

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
      // The plugin's callbacks only settle its promises; nothing may escape as an unhandled rejection.
      counter.count({ key: `${this.scope}${key}`, windowMs: timeWindow }).then(
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
