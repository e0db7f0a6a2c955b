// The shell's config.json and remotes.json, computed when served: the deployed files in dist/ with
// environment variables on top, so pointing the product elsewhere needs no rebuild.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const REMOTE_PORTS = { storefront: 3001, seller: 3002, admin: 3003, checkout: 3004 };

function readJson(file, fallback) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return fallback;
  }
}

/** BOOKSWAP_REMOTES (a JSON array of {name, entry}) replaces the list; BOOKSWAP_REMOTE_<NAME>_URL moves one remote. */
export function remotesJson(distDir, env = process.env) {
  if (env.BOOKSWAP_REMOTES) return JSON.parse(env.BOOKSWAP_REMOTES);
  const deployed = readJson(join(distDir, 'remotes.json'), []);
  const byName = new Map(deployed.map((remote) => [remote.name, remote]));
  for (const [name, port] of Object.entries(REMOTE_PORTS)) {
    const base = env[`BOOKSWAP_REMOTE_${name.toUpperCase()}_URL`];
    if (base) byName.set(name, { name, entry: `${base.replace(/\/+$/, '')}/mf-manifest.json` });
    else if (!byName.has(name)) byName.set(name, { name, entry: `http://localhost:${port}/mf-manifest.json` });
  }
  return [...byName.values()];
}

/** RuntimeConfig of shared/src/config: BOOKSWAP_API_URL, BOOKSWAP_FIREBASE_*, BOOKSWAP_AUTH_EMULATOR_URL, BOOKSWAP_TOKEN_SYNC_URL. */
export function configJson(distDir, env = process.env) {
  const config = readJson(join(distDir, 'config.json'), {});
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
  return config;
}
