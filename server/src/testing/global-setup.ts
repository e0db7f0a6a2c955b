import fs from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { templatePath } from './template';

/** Prepares the database side once per run: the PGlite template, or pg_trgm in PostgreSQL's public schema. */
export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
    await client.end();
    return;
  }
  const file = templatePath();
  if (fs.existsSync(file)) return;
  const handle = await openDatabase({});
  await migrate(handle.db);
  const client = (handle.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  fs.writeFileSync(`${file}.partial`, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(`${file}.partial`, file);
  await handle.close();
}
