import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { ServerConfig } from '../config';
import { openConfiguredDatabase, type Database } from './database';

const MIGRATIONS_DIR = path.join(__dirname, 'migrations');
// Any constant works: it only serialises two servers migrating the same PostgreSQL database at once.
const MIGRATION_LOCK = 7_240_001;

export interface Migration {
  version: string;
  statements: string[];
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name))
    .sort()
    .map((name) => ({
      version: name.replace(/\.sql$/, ''),
      statements: fs
        .readFileSync(path.join(dir, name), 'utf8')
        .split('--> statement-breakpoint')
        .map((statement) => statement.trim())
        .filter((statement) => statement.replace(/^--.*$/gm, '').trim() !== ''),
    }));
}

/** Applies the versioned migrations not applied yet, all in one transaction. Returns the versions applied. */
export async function migrate(db: Database, migrations = readMigrations()): Promise<string[]> {
  await db.execute(
    sql`CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    const done = (await tx.execute(sql`SELECT version FROM schema_migrations`)) as unknown as {
      rows: { version: string }[];
    };
    const applied = new Set(done.rows.map((row) => row.version));
    const newlyApplied: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      for (const statement of migration.statements) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO schema_migrations (version) VALUES (${migration.version})`);
      newlyApplied.push(migration.version);
    }
    return newlyApplied;
  });
}

/** For a one-off server command: the configured database, migrated, open only while `work` runs. */
export async function withMigratedDatabase<T>(
  config: Pick<ServerConfig, 'databaseUrl' | 'databaseSchema' | 'dataDir'>,
  work: (db: Database) => Promise<T>,
): Promise<T> {
  const handle = await openConfiguredDatabase(config);
  try {
    await migrate(handle.db);
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}
