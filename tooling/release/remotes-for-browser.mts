// The shell's remotes.json for one browser, computed from the release registry at request time
// (docs/decisions/020): each remote's live release, or its canary for the share of browsers the canary asks for.
import { createHash, randomUUID } from 'node:crypto';
import { UNITS, type ReleaseManifest, type ResolvedRemote } from '@bookswap/shared/releases';
import {
  keptReleases,
  readRegistry,
  readRelease,
  registryPath,
  REMOTES,
  type Env,
  type Registry,
  type RemoteName,
} from './release-store.mts';

export const BROWSER_COOKIE = 'bookswap_browser';
export const REMOTE_PORTS = Object.fromEntries(
  UNITS.filter((unit) => unit.name !== 'shell').map((unit) => [unit.name, unit.port]),
) as Record<RemoteName, number>;

/** The browser's id from its Cookie header, or a new one to set (a year, so a canary stays sticky). */
export function browserIdFrom(cookieHeader: string | undefined): { id: string; setCookie: string | null } {
  const match = new RegExp(`(?:^|;\\s*)${BROWSER_COOKIE}=([0-9a-f]{16,64})(?:;|$)`).exec(cookieHeader ?? '');
  if (match?.[1]) return { id: match[1], setCookie: null };
  // A UUID's 122 random bits, as hex: Node draws them in batches, where randomBytes per page measured 5 % of a page.
  const id = randomUUID().replaceAll('-', '');
  return { id, setCookie: `${BROWSER_COOKIE}=${id}; Path=/; Max-Age=31536000; SameSite=Lax` };
}

/**
 * 0-99, fixed for one browser and one remote: a browser under a canary's percentage stays on it across reloads,
 * and stays on it as the percentage grows. Hashed per remote so the same browsers are not every remote's canary.
 * A release set's canary draws once for the whole set (its id in place of the remote), so a browser gets every
 * member of the set or none (docs/decisions/029).
 */
export function bucketOf(browserId: string, remote: string): number {
  return createHash('sha256').update(`${browserId}:${remote}`).digest().readUInt32BE(0) % 100;
}

/**
 * The version of one release unit (a remote or the shell) this browser uses: live, or the canary when the browser's
 * draw is under its percentage; with nothing promoted yet, the newest kept build, so a fresh checkout still works.
 */
export function versionForBrowser(
  registry: Registry,
  unit: string,
  browserId: string,
  env: Env,
): { version: string | null; channel: 'live' | 'canary' } {
  const record = registry.remotes[unit];
  const canary = record?.canary;
  if (canary && bucketOf(browserId, canary.set ?? unit) < canary.percent)
    return { version: canary.version, channel: 'canary' };
  const version = record?.live ?? keptReleases(unit, env).at(-1)?.version ?? null;
  return { version, channel: 'live' };
}

export function baseUrlOf(remote: string, env: Env): string {
  const base =
    env[`BOOKSWAP_REMOTE_${remote.toUpperCase()}_URL`] || `http://localhost:${REMOTE_PORTS[remote as RemoteName]}`;
  return base.replace(/\/+$/, '');
}

// A kept release never changes, so its release.json is read once per process (a release not yet readable is asked
// again next time).
const releaseCache = new Map<string, ReleaseManifest>();
/** A kept release's release.json, read once per process; null when it cannot be read. */
export function releaseOf(remote: string, version: string, env: Env): ReleaseManifest | null {
  const key = `${remote}/${version}`;
  let release = releaseCache.get(key);
  if (!release) {
    const read = readRelease(remote, version, env);
    if (!read) return null;
    releaseCache.set(key, (release = read));
  }
  return release;
}

export interface RemotesForBrowserOptions {
  browserId: string;
  env?: Env;
  /** the deployed remotes.json, for a remote never released */
  fallback?: { name: string; entry: string }[];
  /** the registry as the server last read it (else the file's) */
  registry?: Registry;
}

export function remotesForBrowser({
  browserId,
  env = process.env,
  fallback = [],
  registry = readRegistry(registryPath(env)),
}: RemotesForBrowserOptions): ResolvedRemote[] {
  return REMOTES.map((name) => {
    const { version, channel } = versionForBrowser(registry, name, browserId, env);
    const release = version ? releaseOf(name, version, env) : null;
    if (!version || !release)
      return (
        fallback.find((remote) => remote.name === name) ?? { name, entry: `${baseUrlOf(name, env)}/mf-manifest.json` }
      );
    return {
      name,
      version,
      channel,
      entry: `${baseUrlOf(name, env)}/${version}/mf-manifest.json`,
      contract: release.contract,
      routes: release.routes,
    };
  });
}

/** The shell release this browser's page comes from (live or canary, as for a remote), or null when none is kept. */
export function shellForBrowser({
  browserId,
  env = process.env,
  registry = readRegistry(registryPath(env)),
}: {
  browserId: string;
  env?: Env;
  registry?: Registry;
}): { version: string; channel: 'live' | 'canary'; release: ReleaseManifest } | null {
  const { version, channel } = versionForBrowser(registry, 'shell', browserId, env);
  const release = version ? releaseOf('shell', version, env) : null;
  return version && release ? { version, channel, release } : null;
}
