import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { ServerConfig } from '../config';
import { schema } from './schema';

/** The one Drizzle type every query is written against, whichever engine sits behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A handle that can run queries: the database itself or a transaction. */
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL instead of embedded PGlite. */
  databaseUrl?: string;
  /** PostgreSQL schema to work in (tests give each file its own). */
  searchPath?: string;
  /** PGlite data directory; with neither this nor `pgliteDump` the database lives in memory. */
  pgliteDir?: string;
  /** A PGlite data directory tarball to start from (the tests' migrated template). */
  pgliteDump?: Blob;
}

/**
 * Connections per API instance. A payment's transaction holds one for its whole run (its row locks, then the
 * commit's flush); at 10 the bookings queued behind them for a connection (the fault drill's booking p95 102 ms, 78
 * at 20). PostgreSQL's default of 100 connections leaves room for several instances.
 */
const POOL_SIZE = 20;

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: POOL_SIZE,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath},public` } : {}),
    });
    // A client that loses its server must not crash the process: the pool listens on idle clients only, and a
    // client a transaction holds emits 'error' when its connection ends between two queries (PostgreSQL restarted,
    // a backend terminated). Its queries fail, and the pool drops it on release for a new connection.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (options.pgliteDir) fs.mkdirSync(options.pgliteDir, { recursive: true });
  const client = options.pgliteDump
    ? await PGlite.create({ loadDataDir: options.pgliteDump, extensions: { pg_trgm } })
    : await PGlite.create(options.pgliteDir ?? 'memory://', { extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return { db, kind: 'pglite', close: () => client.close() };
}

export function pgliteDirOf(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** The database the configuration names: its PostgreSQL (and schema) when set, else PGlite under the data folder. */
export function openConfiguredDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'databaseSchema' | 'dataDir'>,
): Promise<DatabaseHandle> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    searchPath: config.databaseSchema,
    pgliteDir: pgliteDirOf(config.dataDir),
  });
}
