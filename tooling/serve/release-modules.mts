// Modules a release carries for the shell's server (docs/decisions/036, 037), loaded per release and let go again.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import vm from 'node:vm';

/** The function Node wraps a CommonJS file's code in. */
type CommonJsWrapper = (
  exports: unknown,
  require: (request: string) => unknown,
  module: { exports: unknown },
  filename: string,
  dirname: string,
) => void;

/**
 * Runs a release's server entry (one CommonJS file with its imports bundled in) as a module of its own. Not through
 * `require`, whose cache would keep every release ever loaded: a module dropped from its cache (an LRUCache) is garbage.
 * `provided` answers the requests the entry left to its host (a remote's render takes the shell's React); anything
 * else is Node's own (`node:` modules).
 */
export function loadModule(file: string, provided: (request: string) => unknown = () => undefined): unknown {
  const code = readFileSync(file, 'utf8');
  const wrapper: CommonJsWrapper = vm.runInThisContext(
    `(function (exports, require, module, __filename, __dirname) {${code}\n})`,
    {
      filename: file,
    },
  );
  const module: { exports: unknown } = { exports: {} };
  const nodeRequire = createRequire(file);
  const require = (request: string) => provided(request) ?? nodeRequire(request);
  wrapper(module.exports, require, module, file, join(file, '..'));
  return module.exports;
}

/** What `withinBudget` answers for work not done in time. */
export const LATE: unique symbol = Symbol('late');

/** The work's value, or LATE when it is not done within `budgetMs` (it goes on; a later failure is not unhandled). */
export async function withinBudget<T>(work: Promise<T>, budgetMs: number): Promise<T | typeof LATE> {
  work.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof LATE>((resolve) => {
    timer = setTimeout(() => resolve(LATE), budgetMs);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
