import { constants } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Registry, RemoteRecord } from '@bookswap/shared/releases';

/**
 * The release registry file (docs/decisions/020) as the API reads and changes it: the same format and the same lock
 * protocol as the release commands' `tooling/release/release-store.cjs` (a `<file>.lock` made exclusively, taken
 * over when older than 30 s; the whole record written to a temporary file, flushed and renamed), so a command and
 * the API never lose each other's change. Asynchronous here: the API must not block its event loop on a lock.
 */

const REMOTES = ['storefront', 'seller', 'admin', 'checkout'];
const STALE_LOCK_MS = 30_000;
const LOCK_ATTEMPTS = 200;
const LOCK_RETRY_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function emptyRegistry(): Registry {
  return { remotes: Object.fromEntries(REMOTES.map((name) => [name, { live: null, canary: null, history: [] }])) };
}

/** The registry as last written whole; an absent file is an empty registry (nothing promoted yet). */
export async function readRegistryFile(file: string): Promise<Registry> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyRegistry();
    throw error;
  }
  const parsed = JSON.parse(text) as { remotes?: Record<string, Partial<RemoteRecord>> };
  const registry = emptyRegistry();
  for (const [name, record] of Object.entries(parsed.remotes ?? {}))
    registry.remotes[name] = { live: null, canary: null, history: [], ...record };
  return registry;
}

/** Writes the whole record to a temporary file, flushes it and renames it over the old one: never half a file. */
export async function writeJsonAtomically(value: unknown, file: string): Promise<void> {
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(`${JSON.stringify(value, null, 2)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  // The rename itself is durable only once the folder is flushed.
  const folder = await open(path.dirname(file), constants.O_RDONLY);
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

async function takeLock(lock: string): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await (await open(lock, 'wx')).close();
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const since = await stat(lock).then(
        (lockFile) => Date.now() - lockFile.mtimeMs,
        () => 0,
      );
      if (since > STALE_LOCK_MS) await rm(lock, { force: true });
      else if (attempt >= LOCK_ATTEMPTS)
        throw new Error(`the release registry is locked (${lock}): a release command runs`, { cause: error });
      else await sleep(LOCK_RETRY_MS);
    }
  }
}

/**
 * Runs `change(registry)` under the registry's lock and writes what it returns; returning the same object writes
 * nothing (a decision that found the rollout changed meanwhile). Errors from `change` leave the file untouched.
 */
export async function updateRegistryFile(file: string, change: (registry: Registry) => Registry): Promise<Registry> {
  await mkdir(path.dirname(file), { recursive: true });
  const lock = `${file}.lock`;
  await takeLock(lock);
  try {
    const before = await readRegistryFile(file);
    const next = change(before);
    if (next !== before) await writeJsonAtomically(next, file);
    return next;
  } finally {
    await rm(lock, { force: true });
  }
}

