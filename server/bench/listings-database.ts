// A database of its own filled with the benchmark's listings, for one server to answer from: PGlite in a fresh
// data folder, or a fresh schema on PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, pgliteDirOf } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { createBenchSchema, dropBenchSchema, fillListings } from './bench-setup';

export type BenchEngine = 'pglite' | 'postgres';

export interface ListingsDatabase {
  /** What a server started on it needs in its environment. */
  env: NodeJS.ProcessEnv;
  /** Up to 200 listing ids, for the detail page. */
  ids: string[];
  remove(): Promise<void>;
}

/** On PostgreSQL when `databaseUrl` is given, else on PGlite. */
export async function listingsDatabase(
  engine: BenchEngine,
  listings: number,
  databaseUrl?: string,
): Promise<ListingsDatabase> {
  console.log(`\n${engine}: preparing ${listings} listings`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bookswap-bench-${engine}-`));
  const schema = databaseUrl ? await createBenchSchema(databaseUrl) : undefined;
  const remove = async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl && schema) await dropBenchSchema(databaseUrl, schema);
  };
  try {
    const handle = await openDatabase({ databaseUrl, searchPath: schema, pgliteDir: pgliteDirOf(dataDir) });
    await migrate(handle.db);
    const ids = await fillListings(handle, listings);
    await handle.close();
    const env = {
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : { DATABASE_URL: '' }),
    };
    return { env, ids, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
