// Where releases and the release registry live on disk (the local default, docs/decisions/020), read and written
// by the release commands and by the shell's server.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { RemoteName } from '@bookswap/contract/routing';
import {
  UNIT_NAMES,
  type HistoryEntry,
  type Registry,
  type ReleaseManifest,
  type ReleaseUnit,
  type RemoteRecord,
} from '@bookswap/shared/releases';
import {
  readRegistryFileSync,
  registryFromText,
  updateRegistryFile,
  writeJsonAtomicallySync,
} from '@bookswap/shared/release-registry-file';
import { REPO_ROOT } from '../repo-root.cts';
import { fileReplaced } from './file-reads.mts';

export type { HistoryEntry, Registry, ReleaseUnit, RemoteName, RemoteRecord };

export type Env = Record<string, string | undefined>;

export { registryFromText };

export const ROOT = REPO_ROOT;
/** What ships as releases: the shell, then the remotes (docs/decisions/029). The registry keeps each under `remotes`. */
export const UNITS: readonly ReleaseUnit[] = UNIT_NAMES;
export const REMOTES: readonly RemoteName[] = UNITS.filter((unit): unit is RemoteName => unit !== 'shell');

/** `BOOKSWAP_RELEASES_DIR` (default `releases/` in the workspace) holds `<remote>/<version>/` folders. */
export function releasesDir(env: Env = process.env): string {
  return resolve(env.BOOKSWAP_RELEASES_DIR || join(ROOT, 'releases'));
}

/** `BOOKSWAP_RELEASE_REGISTRY` (default `<releases>/registry.json`): the one record of what is live. */
export function registryPath(env: Env = process.env): string {
  return resolve(env.BOOKSWAP_RELEASE_REGISTRY || join(releasesDir(env), 'registry.json'));
}

/** The registry as last written whole; an absent file is an empty registry (nothing promoted yet). */
export function readRegistry(file = registryPath()): Registry {
  return readRegistryFileSync(file);
}

/** The whole registry written to a temporary file, flushed and renamed over the old one: never half a record. */
export function writeRegistryAtomically(registry: Registry, file = registryPath()): void {
  writeJsonAtomicallySync(registry, file);
  fileReplaced(file);
}

/**
 * Runs `change(registry)` under the registry's lock, the one the API takes too, so two commands (or a command and
 * the API) at once cannot lose each other's change, and writes what it returns. A crashed command's lock is taken
 * over once stale.
 */
export async function updateRegistry(
  change: (registry: Registry) => Registry,
  file = registryPath(),
  options: { retries?: number } = {},
): Promise<Registry> {
  const next = await updateRegistryFile(file, change, options);
  fileReplaced(file);
  return next;
}

/** `release.json` of one kept release, or null when that release is not kept (or not a release). */
export function readRelease(remote: string, version: string, env: Env = process.env): ReleaseManifest | null {
  if (!/^[\w.+-]+$/.test(version)) return null;
  try {
    return JSON.parse(readFileSync(join(releasesDir(env), remote, version, 'release.json'), 'utf8')) as ReleaseManifest;
  } catch {
    return null;
  }
}

/** Every kept release of a remote, oldest build first. */
export function keptReleases(remote: string, env: Env = process.env): ReleaseManifest[] {
  const folder = join(releasesDir(env), remote);
  let names;
  try {
    names = readdirSync(folder, { withFileTypes: true }).filter(
      (entry) => entry.isDirectory() && !entry.name.startsWith('.'),
    );
  } catch {
    return [];
  }
  return names
    .map((entry) => readRelease(remote, entry.name, env))
    .filter((release) => release !== null)
    .sort((a, b) => a.builtAt.localeCompare(b.builtAt) || a.version.localeCompare(b.version));
}

/** `<releases>/last-build.json`: the version each remote's last `node scripts/build-all.mjs` made. */
export function lastBuildPath(env: Env = process.env): string {
  return join(releasesDir(env), 'last-build.json');
}

export function readLastBuild(env: Env = process.env): Partial<Record<ReleaseUnit, string>> {
  try {
    return JSON.parse(readFileSync(lastBuildPath(env), 'utf8')) as Partial<Record<ReleaseUnit, string>>;
  } catch {
    return {};
  }
}
