// Answers the shell's server keeps per key (a page's body, its head), bounded by their size in memory, and served
// stale while one background computation refreshes them (docs/decisions/043): a burst of listing edits, each of
// which moves the catalog's version, makes at most one computation per key and interval, never a wait for visitors.
import { LRUCache } from 'lru-cache';

/** What a computation answers when it was not admitted (the render pool is full, the client is over its limit). */
export const SHED = Symbol('shed');

/** A computation: answers the value, or SHED when it was not admitted. */
export type Work<T> = (signal: AbortSignal, options: { refresh: boolean }) => Promise<T | null | typeof SHED>;

export interface KeptAnswers<T> {
  /**
   * The answer for `key`: the kept one at once when there is one (stale or not: a due one is computed again in the
   * background), else the one under way, else `work(signal, { refresh })`'s (`refresh`: the background one).
   * `work` may answer SHED; a failure is not kept. `tag`: what the answer is made of (the catalog's version), null
   * when it cannot be had.
   */
  take(key: string, tag: string | null, work: Work<T>): { answer: Promise<T | null | typeof SHED>; kept: boolean };
  /** Answers kept, and their weight. */
  held(): { count: number; bytes: number };
}

export interface KeptAnswersOptions<T> {
  /** what the kept answers may weigh in all (`sizeOf` each) */
  maxBytes: number;
  /** an answer's weight in bytes (about: the length of its text) */
  sizeOf: (value: T | null) => number;
  /** how long an answer stays current while its tag stays the same */
  keepMs: number;
  /** how long an answer with no tag (the version could not be had) stays current */
  freshMs: number;
  /** how soon after its computation an answer of an older tag is computed again */
  refreshMs: number;
  /** how long an answer may be served stale at most before it is dropped */
  staleMs: number;
  /** a computation's signal aborts after it (past every visitor's budget) */
  giveUpMs: number;
}

interface KeptAnswer<T> {
  value: T | null;
  tag: string | null;
  at: number;
}

export function keptAnswers<T>({
  maxBytes,
  sizeOf,
  keepMs,
  freshMs,
  refreshMs,
  staleMs,
  giveUpMs,
}: KeptAnswersOptions<T>): KeptAnswers<T> {
  const kept = new LRUCache<string, KeptAnswer<T>>({
    maxSize: maxBytes,
    // lru-cache wants a positive whole size: a null answer (a page not rendered) still takes its key's room.
    sizeCalculation: (entry, key) => Math.max(1, Math.ceil(sizeOf(entry.value) + key.length)),
    ttl: staleMs,
  });
  /** Computations under way, one per key: the requests meanwhile share it. */
  const pending = new Map<string, Promise<T | null | typeof SHED>>();

  /** Whether a kept answer computed at `at` for `keptTag` must be computed again now that the tag is `tag`. */
  function due({ tag: keptTag, at }: KeptAnswer<T>, tag: string | null): boolean {
    const age = Date.now() - at;
    if (tag === null) return age >= freshMs;
    return keptTag === tag ? age >= keepMs : age >= refreshMs;
  }

  function compute(key: string, tag: string | null, work: Work<T>, refresh: boolean): Promise<T | null | typeof SHED> {
    const controller = new AbortController();
    const giveUp = setTimeout(() => controller.abort(), giveUpMs);
    giveUp.unref();
    const answer = Promise.resolve()
      .then(() => work(controller.signal, { refresh }))
      .then((value): T | null | typeof SHED => {
        if (value === SHED) return SHED;
        kept.set(key, { value: value ?? null, tag, at: Date.now() });
        return value ?? null;
      })
      .catch((error: unknown) => {
        // A failed refresh keeps serving the stale answer, and is not tried again before refreshMs.
        const stale = kept.get(key);
        if (stale) kept.set(key, { ...stale, at: Date.now() });
        throw error;
      })
      .finally(() => {
        clearTimeout(giveUp);
        pending.delete(key);
      });
    answer.catch(() => undefined);
    pending.set(key, answer);
    return answer;
  }

  return {
    take(key, tag, work) {
      const entry = kept.get(key);
      if (entry) {
        if (due(entry, tag) && !pending.has(key)) compute(key, tag, work, true);
        return { answer: Promise.resolve(entry.value), kept: true };
      }
      return { answer: pending.get(key) ?? compute(key, tag, work, false), kept: false };
    },
    held: () => ({ count: kept.size, bytes: kept.calculatedSize }),
  };
}
