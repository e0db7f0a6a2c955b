import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from './database';
import { migrate } from './migrate';

const databaseUrl = process.env.DATABASE_URL;

async function inPostgres(statement: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

/**
 * Several API instances started at once on a fresh database (docs/decisions/032): each migrates as it starts. Only on
 * the run whose DATABASE_URL names a PostgreSQL: the embedded PGlite has one connection, so nothing races there.
 */
(databaseUrl ? it : it.skip)('three instances migrating a fresh database at the same moment all start', async () => {
  const schema = `migrate_race_${randomBytes(4).toString('hex')}`;
  await inPostgres(`CREATE SCHEMA ${schema}`);
  const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl, searchPath: schema })));
  try {
    const applied = await Promise.all(handles.map((handle) => migrate(handle.db)));
    // One instance applied the migrations; the others found them applied.
    expect(applied.filter((versions) => versions.length > 0)).toHaveLength(1);
  } finally {
    await Promise.all(handles.map((handle) => handle.close()));
    await inPostgres(`DROP SCHEMA ${schema} CASCADE`);
  }
});
