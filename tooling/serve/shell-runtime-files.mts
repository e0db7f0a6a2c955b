// The shell's config.json and remotes.json, computed when served: the deployed files in dist/ with
// environment variables on top, so pointing the product elsewhere needs no rebuild.
import { join } from 'node:path';
import * as fileReads from '../release/file-reads.mts';
import * as releases from '../release/remotes-for-browser.mts';
import type { Env, Registry } from '../release/release-store.mts';

const { REMOTE_PORTS, browserIdFrom, remotesForBrowser } = releases;
const { readWhenChanged } = fileReads;
export { REMOTE_PORTS };

/** A remote as remotes.json names it. */
interface RemoteEntry {
  name: string;
  entry: string;
}

/** The shell's config.json as served: its deployed fields, with the environment's on top. */
export interface ServedConfig {
  apiUrl?: string;
  firebase?: Record<string, string>;
  tokenSyncUrl?: string;
  publicUrl?: string;
  [field: string]: unknown;
}

/** A JSON file of a release (read per request, parsed again only when it changed), else `fallback`; never changed. */
function readJson<T>(file: string, fallback: T): T {
  try {
    return readWhenChanged(file, (text) => JSON.parse(text) as T);
  } catch {
    return fallback;
  }
}

/**
 * remotes.json for the browser asking: each remote's release from the release registry, live or, for a browser
 * under a canary's percentage, the canary (docs/decisions/020); `setCookie` keeps that browser's draw sticky.
 * BOOKSWAP_REMOTES (a JSON array of {name, entry}) replaces the list by hand; BOOKSWAP_REMOTE_<NAME>_URL moves one
 * remote's origin. A remote never released falls back to the deployed remotes.json in dist/. `registry`: the release
 * registry as the server last read it (tooling/release/registry-store.mts), else the file's.
 */
export function remotesJson(
  distDir: string,
  env: Env = process.env,
  cookieHeader: string | undefined = undefined,
  registry: Registry | undefined = undefined,
): { body: unknown; setCookie: string | null } {
  if (env.BOOKSWAP_REMOTES) return { body: JSON.parse(env.BOOKSWAP_REMOTES) as unknown, setCookie: null };
  const { id, setCookie } = browserIdFrom(cookieHeader);
  const fallback = readJson<RemoteEntry[]>(join(distDir, 'remotes.json'), []).map((remote) => {
    const base = env[`BOOKSWAP_REMOTE_${remote.name.toUpperCase()}_URL`];
    return base ? { name: remote.name, entry: `${base.replace(/\/+$/, '')}/mf-manifest.json` } : remote;
  });
  return { body: remotesForBrowser({ browserId: id, env, fallback, registry }), setCookie };
}

/**
 * The shell's public origin: BOOKSWAP_PUBLIC_URL, else this server's own loopback origin. Never the request's Host
 * header: anyone can send any, which would name their origin in the canonical URLs and the sitemap, and make kept
 * heads of its own for each. A server serving beyond loopback must be told its origin (`requirePublicOrigin`).
 */
export function publicOriginOf(env: Env, request?: { socket?: { localPort?: number } }): string {
  if (env.BOOKSWAP_PUBLIC_URL) return env.BOOKSWAP_PUBLIC_URL.replace(/\/+$/, '');
  return `http://localhost:${request?.socket?.localPort ?? ''}`;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

/** Refuses to serve the shell beyond loopback (BOOKSWAP_SERVE_HOST) without BOOKSWAP_PUBLIC_URL. */
export function requirePublicOrigin(env: Env): void {
  const host = env.BOOKSWAP_SERVE_HOST || process.env.BOOKSWAP_SERVE_HOST || '127.0.0.1';
  if (!LOOPBACK_HOSTS.has(host) && !env.BOOKSWAP_PUBLIC_URL)
    throw new Error(
      `BOOKSWAP_PUBLIC_URL is required to serve the shell on ${host}: the public pages name it in their canonical URLs and the sitemap`,
    );
}

/** RuntimeConfig of contract/src/config (and `publicUrl`): BOOKSWAP_API_URL, BOOKSWAP_FIREBASE_*, BOOKSWAP_AUTH_EMULATOR_URL, BOOKSWAP_TOKEN_SYNC_URL. */
export function configJson(distDir: string, env: Env = process.env): ServedConfig {
  // A copy: the parse is shared between requests, and the environment's values go on top of it here.
  const config: ServedConfig = { ...readJson<ServedConfig>(join(distDir, 'config.json'), {}) };
  if (env.BOOKSWAP_API_URL) config.apiUrl = env.BOOKSWAP_API_URL;
  const firebase = { ...(config.firebase ?? {}) };
  if (env.BOOKSWAP_FIREBASE_API_KEY) firebase.apiKey = env.BOOKSWAP_FIREBASE_API_KEY;
  if (env.BOOKSWAP_FIREBASE_AUTH_DOMAIN) firebase.authDomain = env.BOOKSWAP_FIREBASE_AUTH_DOMAIN;
  if (env.BOOKSWAP_FIREBASE_PROJECT_ID) firebase.projectId = env.BOOKSWAP_FIREBASE_PROJECT_ID;
  // An empty value turns the emulator off (real Firebase project).
  if (env.BOOKSWAP_AUTH_EMULATOR_URL !== undefined) {
    if (env.BOOKSWAP_AUTH_EMULATOR_URL) firebase.emulatorUrl = env.BOOKSWAP_AUTH_EMULATOR_URL;
    else delete firebase.emulatorUrl;
  }
  if (Object.keys(firebase).length) config.firebase = firebase;
  if (env.BOOKSWAP_TOKEN_SYNC_URL) config.tokenSyncUrl = env.BOOKSWAP_TOKEN_SYNC_URL;
  // The address the public pages name as theirs (canonical URLs, the sitemap), whatever host a browser used.
  if (env.BOOKSWAP_PUBLIC_URL) config.publicUrl = publicOriginOf(env);
  return config;
}
