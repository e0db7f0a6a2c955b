import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { ServerConfig } from '../config';
import { openConfiguredDatabase, type Database } from './database';

const MIGRATIONS_DIR = path.join(__dirname, 'migrations');
const DEFINITIONS_DIR = path.join(__dirname, 'definitions');
// Any constant works: it only serialises two servers migrating the same PostgreSQL database at once.
const MIGRATION_LOCK = 7_240_001;

export interface Migration {
  version: string;
  statements: string[];
}

/**
 * A definition: database code that is kept as it is now, not as history (decision 027). Applied after the
 * versioned migrations whenever its text changes, so it must be safe to apply again.
 */
export interface Definition {
  name: string;
  checksum: string;
  statements: string[];
}

function statementsOf(text: string): string[] {
  return text
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => statement.replace(/^--.*$/gm, '').trim() !== '');
}

const sqlFilesIn = (dir: string, pattern: RegExp) =>
  fs
    .readdirSync(dir)
    .filter((name) => pattern.test(name))
    .sort()
    .map((name) => ({ name: name.replace(/\.sql$/, ''), text: fs.readFileSync(path.join(dir, name), 'utf8') }));

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return sqlFilesIn(dir, /^\d{4}_[\w-]+\.sql$/).map(({ name, text }) => ({
    version: name,
    statements: statementsOf(text),
  }));
}

export function readDefinitions(dir = DEFINITIONS_DIR): Definition[] {
  return sqlFilesIn(dir, /^[\w-]+\.sql$/).map(({ name, text }) => ({
    name,
    checksum: createHash('sha256').update(text).digest('hex'),
    statements: statementsOf(text),
  }));
}

/**
 * Applies the versioned migrations not applied yet, then each definition whose text changed since it was last
 * applied, all in one transaction. Returns the migration versions and definition names applied.
 */
export async function migrate(
  db: Database,
  migrations = readMigrations(),
  definitions = readDefinitions(),
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    // Under the lock: two instances starting on a fresh database would otherwise both create these, and PostgreSQL's
    // CREATE TABLE IF NOT EXISTS is not safe against a concurrent one (a duplicate key in pg_type).
    await tx.execute(
      sql`CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    await tx.execute(
      sql`CREATE TABLE IF NOT EXISTS schema_definitions (name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
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
    const kept = (await tx.execute(sql`SELECT name, checksum FROM schema_definitions`)) as unknown as {
      rows: { name: string; checksum: string }[];
    };
    const appliedText = new Map(kept.rows.map((row) => [row.name, row.checksum]));
    for (const definition of definitions) {
      if (appliedText.get(definition.name) === definition.checksum) continue;
      for (const statement of definition.statements) await tx.execute(sql.raw(statement));
      await tx.execute(sql`
        INSERT INTO schema_definitions (name, checksum) VALUES (${definition.name}, ${definition.checksum})
        ON CONFLICT (name) DO UPDATE SET checksum = excluded.checksum, applied_at = now()`);
      newlyApplied.push(definition.name);
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
