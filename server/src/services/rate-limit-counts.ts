import type { Database } from '../db/database';
import { NextBatch, type Waiting } from '../db/next-batch';
import { countHits, deleteEndedWindows } from '../repositories/rate-limit-counters-repository';

// Expired counters are deleted once every this many counted requests (the table stays small).
const PRUNE_EVERY = 1000;
// At most this many hits counted by one statement.
const MAX_HITS_PER_STATEMENT = 1000;

export type Count = { current: number; ttl: number };

export interface Hit {
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
export class HitCounter {
  private readonly hits = new NextBatch<Hit, Count>((batch) => this.countBatch(batch), MAX_HITS_PER_STATEMENT);
  private counted = 0;

  constructor(private readonly db: Database) {}

  count(hit: Hit): Promise<Count> {
    if (++this.counted % PRUNE_EVERY === 0) deleteEndedWindows(this.db).catch(() => undefined);
    return this.hits.add(hit);
  }

  private async countBatch(batch: Waiting<Hit, Count>[]): Promise<void> {
    const byKey = new Map<string, { windowMs: number; hits: Waiting<Hit, Count>[] }>();
    for (const hit of batch) {
      const same = byKey.get(hit.input.key);
      if (same) same.hits.push(hit);
      else byKey.set(hit.input.key, { windowMs: hit.input.windowMs, hits: [hit] });
    }
    const counts = await countHits(
      this.db,
      [...byKey].map(([key, { windowMs, hits: ofKey }]) => ({ key, hits: ofKey.length, windowMs })),
    );
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
}
