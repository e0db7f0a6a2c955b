// Where the release commands and the shell's servers find the release registry (docs/decisions/020, 061): the file (the
// local and single-host default) or, when RELEASE_REGISTRY_DATABASE_URL names one, PostgreSQL, as the API does.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  databaseRegistryStore,
  pollingRegistryReader,
  type RegistryPool,
  type ReleaseRegistryStore,
} from '@bookswap/shared/release-registry';
import { REPO_ROOT } from '../repo-root.cts';
import { readWhenChanged } from './file-reads.mts';
import {
  readRegistry,
  registryFromText,
  registryPath,
  updateRegistry,
  type Env,
  type Registry,
} from './release-store.mts';

export interface RegistryReader {
  start(): Promise<void>;
  current(): Registry;
  stop(): Promise<void>;
}

/** pg's Pool, as far as the registry uses it. */
type Pool = RegistryPool & { end(): Promise<void>; on(event: 'error', listener: () => void): unknown };
type PoolConstructor = new (config: { connectionString?: string; max: number; options?: string }) => Pool;

// pg (a dependency of the workspace's root) is loaded when a database is named: the file registry (every local
// command) never needs it.
const requireFromRoot = createRequire(join(REPO_ROOT, 'package.json'));

/** A pool on the registry's database; DATABASE_SCHEMA applies to it as to the API's. */
function registryPool(env: Env, max: number): Pool {
  const { Pool } = requireFromRoot('pg') as { Pool: PoolConstructor };
  const schema = env.DATABASE_SCHEMA;
  const pool = new Pool({
    connectionString: env.RELEASE_REGISTRY_DATABASE_URL,
    max,
    ...(schema ? { options: `-c search_path=${schema},public` } : {}),
  });
  // A lost idle connection must not crash a server; the next query opens another.
  pool.on('error', () => undefined);
  return pool;
}

/** The store a release command reads and changes; `close` ends its connections so the command exits at once. */
export function openRegistryStore(env: Env = process.env): ReleaseRegistryStore & { close(): Promise<void> } {
  if (!env.RELEASE_REGISTRY_DATABASE_URL) {
    const file = registryPath(env);
    return {
      read: async () => readRegistry(file),
      update: async (change) => updateRegistry(change, file),
      close: async () => undefined,
    };
  }
  const pool = registryPool(env, 1);
  return { ...databaseRegistryStore(pool), close: () => pool.end() };
}

/**
 * What a shell's server answers remotes.json and its pages from, read synchronously per request: the file as it is
 * now, or PostgreSQL's rows as last read (every half second, so a promote is served within a second). `start` before
 * the first request; `stop` with the server.
 */
export function openRegistryReader(env: Env = process.env): RegistryReader {
  if (!env.RELEASE_REGISTRY_DATABASE_URL) {
    const file = registryPath(env);
    // Parsed again only when the file changed: a promote replaces it, and the next request reads the new one.
    const current = () => {
      try {
        return readWhenChanged(file, registryFromText);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return readRegistry(file);
        throw error;
      }
    };
    return { start: async () => undefined, current, stop: async () => undefined };
  }
  const pool = registryPool(env, 1);
  const reader = pollingRegistryReader(databaseRegistryStore(pool), {
    onError: (error) =>
      console.error(
        `[registry] reading the release registry failed: ${error instanceof Error ? error.message : String(error)}`,
      ),
  });
  return {
    start: () => reader.start(),
    current: () => reader.current(),
    stop: async () => {
      reader.stop();
      await pool.end();
    },
  };
}
