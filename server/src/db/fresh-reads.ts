/**
 * Reads shared by concurrent requests without ever answering one of them from before it arrived.
 *
 * A request may only use a read that *started after the request asked for it*: then every write committed
 * before the request arrived (on this instance or any other) is in what it gets, exactly as if it had sent its
 * own query. A read already under way when a request asks may predate a write the request must see, so the
 * request waits for the next read instead, which starts as soon as the running one ends and serves everyone
 * who asked meanwhile. Under load this turns hundreds of identical small queries a second into a few, with at
 * most one read running and one waiting at any time.
 */

import { NextBatch } from './next-batch';

const ignore = () => undefined;

/** One value read fresh for each request, one read shared by every request waiting for it. */
export class SharedFreshRead<T> {
  private running: Promise<T> | null = null;
  private next: Promise<T> | null = null;

  constructor(private readonly read: () => Promise<T>) {}

  /** A read that starts after this call: now if none is running, else as soon as the running one ends. */
  get(): Promise<T> {
    if (!this.running) return this.start();
    this.next ??= this.running.then(ignore, ignore).then(() => {
      this.next = null;
      return this.start();
    });
    return this.next;
  }

  private start(): Promise<T> {
    const started = this.read();
    this.running = started;
    const done = () => {
      if (this.running === started) this.running = null;
    };
    started.then(done, done);
    return started;
  }
}

/**
 * Values by key (rows by id), read fresh for each request: the keys asked for while a read runs are read
 * together, in one query (at most `maxBatch` callers' keys), as soon as it ends. `readMany` returns what it
 * found; a key it did not find is answered `undefined`.
 */
export class BatchedFreshLookup<K, V> {
  private readonly reads: NextBatch<K, V | undefined>;

  constructor(readMany: (keys: K[]) => Promise<Map<K, V>>, maxBatch = 1000) {
    this.reads = new NextBatch(async (batch) => {
      const found = await readMany([...new Set(batch.map((w) => w.input))]);
      for (const w of batch) w.resolve(found.get(w.input));
    }, maxBatch);
  }

  get(key: K): Promise<V | undefined> {
    return this.reads.add(key);
  }
}
