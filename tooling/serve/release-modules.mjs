// Modules a release carries for the shell's server (docs/decisions/036, 037), loaded per release and let go again.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import vm from 'node:vm';

/** A small least-recently-used map: reading an entry makes it the newest; past `max` the oldest goes. */
export class Recent {
  constructor(max) {
    this.max = max;
    this.entries = new Map();
  }
  get(key) {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }
  set(key, value) {
    this.entries.delete(key);
    this.entries.set(key, value);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.max) break;
      this.entries.delete(oldest);
    }
  }
  delete(key) {
    this.entries.delete(key);
  }
  get size() {
    return this.entries.size;
  }
}

/**
 * Runs a release's server entry (one CommonJS file with its imports bundled in) as a module of its own. Not through
 * `require`, whose cache would keep every release ever loaded: a module dropped from `Recent` is garbage.
 * `provided` answers the requests the entry left to its host (a remote's render takes the shell's React); anything
 * else is Node's own (`node:` modules).
 */
export function loadModule(file, provided = () => undefined) {
  const code = readFileSync(file, 'utf8');
  const wrapper = vm.runInThisContext(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, {
    filename: file,
  });
  const module = { exports: {} };
  const nodeRequire = createRequire(file);
  const require = (request) => provided(request) ?? nodeRequire(request);
  wrapper(module.exports, require, module, file, join(file, '..'));
  return module.exports;
}

/** What `withinBudget` answers for work not done in time. */
export const LATE = Symbol('late');

/** The work's value, or LATE when it is not done within `budgetMs` (it goes on; a later failure is not unhandled). */
export async function withinBudget(work, budgetMs) {
  work.catch(() => undefined);
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(LATE), budgetMs);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Answers kept per key for a while, each computed at most once at a time (the requests meanwhile share it); a
 * failure is not kept. Work past a request's budget is still awaited for the next request, but not for ever: it gets
 * a signal that aborts after `giveUpMs`.
 */
export function keptAnswers({ max, giveUpMs }) {
  const kept = new Recent(max);
  return {
    /** Whether a fresh answer is kept for the key. */
    has: (key) => kept.get(key)?.until > Date.now(),
    /** The kept answer, or `compute(signal)`'s, kept `keepMs`. */
    take(key, keepMs, compute) {
      const known = kept.get(key);
      if (known && known.until > Date.now()) return known.answer;
      const controller = new AbortController();
      setTimeout(() => controller.abort(), giveUpMs).unref();
      const answer = Promise.resolve()
        .then(() => compute(controller.signal))
        .then(
          (value) => value ?? null,
          (error) => {
            kept.delete(key);
            throw error;
          },
        );
      answer.catch(() => undefined);
      kept.set(key, { answer, until: Date.now() + keepMs });
      return answer;
    },
    get size() {
      return kept.size;
    },
  };
}
