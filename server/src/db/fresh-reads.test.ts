import { heldBatches, settle } from '../testing/held-batches';
import { BatchedFreshLookup, SharedFreshRead } from './fresh-reads';

/** A read that finishes when the test says so, recording when each read started. */
function controlledReads<T>() {
  const started: { finish(value: T): void; fail(error: Error): void }[] = [];
  const read = () =>
    new Promise<T>((resolve, reject) => {
      started.push({ finish: resolve, fail: reject });
    });
  return { read, started };
}

describe('a read shared by concurrent requests', () => {
  it('shares one read between callers, but never gives one a read that started before it asked', async () => {
    const { read, started } = controlledReads<number>();
    const shared = new SharedFreshRead(read);
    const first = shared.get();
    expect(started).toHaveLength(1);
    // Asked while the first read runs: a write may have committed after that read started.
    const second = shared.get();
    const third = shared.get();
    expect(started).toHaveLength(1);
    started[0]!.finish(1);
    expect(await first).toBe(1);
    await settle();
    expect(started).toHaveLength(2);
    started[1]!.finish(2);
    expect(await second).toBe(2);
    expect(await third).toBe(2);
    // Nothing running: the next caller starts a read of its own at once.
    const fourth = shared.get();
    expect(started).toHaveLength(3);
    started[2]!.finish(3);
    expect(await fourth).toBe(3);
  });

  it('gives a failed read’s error to its callers only; the next read is tried afresh', async () => {
    const { read, started } = controlledReads<number>();
    const shared = new SharedFreshRead(read);
    const failing = shared.get();
    const waiting = shared.get();
    started[0]!.fail(new Error('database gone'));
    await expect(failing).rejects.toThrow('database gone');
    await settle();
    started[1]!.finish(7);
    expect(await waiting).toBe(7);
  });
});

describe('rows looked up by key for concurrent requests', () => {
  it('reads the keys asked for meanwhile in one later read, answering each caller its own row', async () => {
    const {
      run,
      batches: reads,
      finish,
    } = heldBatches((keys: string[]) => new Map(keys.filter((k) => k !== 'gone').map((k) => [k, `row ${k}`])));
    const lookup = new BatchedFreshLookup<string, string>(run);
    const a = lookup.get('a');
    const b = lookup.get('b');
    const b2 = lookup.get('b');
    const gone = lookup.get('gone');
    expect(reads).toEqual([['a']]);
    finish(0);
    expect(await a).toBe('row a');
    await settle();
    expect(reads).toEqual([['a'], ['b', 'gone']]);
    finish(1);
    expect(await b).toBe('row b');
    expect(await b2).toBe('row b');
    expect(await gone).toBeUndefined();
  });

  it('fails the callers of a failed read only', async () => {
    let calls = 0;
    const lookup = new BatchedFreshLookup<string, string>(async (keys) => {
      if (calls++ === 0) throw new Error('database gone');
      return new Map(keys.map((k) => [k, k]));
    });
    await expect(lookup.get('x')).rejects.toThrow('database gone');
    expect(await lookup.get('y')).toBe('y');
  });
});
