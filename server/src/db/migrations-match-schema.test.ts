import { randomBytes } from 'node:crypto';
import { is, sql } from 'drizzle-orm';
import { pushSchema } from 'drizzle-kit/api';
import { getTableConfig, PgDialect, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openTemplateCopy } from '../testing/template';
import { openDatabase, type Database, type DatabaseHandle } from './database';
import { migrate } from './migrate';
import * as tables from './schema';

/**
 * Tables the migrations make that the Drizzle schema does not declare: the migrator's own bookkeeping, and tables
 * the code reaches with SQL of its own only (each repository names its migration). Any other table a migration
 * makes and the schema lacks is reported, as drizzle-kit would drop it.
 */
const NOT_IN_THE_SCHEMA = [
  'schema_migrations',
  'schema_definitions',
  'images',
  'rate_limit_counters',
  'release_registry',
  'release_history',
  'release_health_minutes',
  'release_health_address_counts',
  'page_load_tickets',
];

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/**
 * What drizzle-kit 0.31.11 reports against a database that already has it: the columns of a primary key or unique
 * constraint read in name order instead of key order (a drop and an add of the same constraint), and an empty
 * array default read as `'{""}'`. Each is checked against PostgreSQL's own account before it is let through.
 * The catalog triggers and their functions (db/definitions) are not part of what drizzle-kit compares, nor are an
 * index's WHERE clause and operator class (push compares its name, columns, order, method and storage options), nor
 * a check's condition (by name only): `checkDifferences` compares those.
 */
async function alreadyInTheDatabase(db: Database, statement: string): Promise<boolean> {
  const key = /^ALTER TABLE "(\w+)" ADD CONSTRAINT "(\w+)" (PRIMARY KEY|UNIQUE)\(([^)]*)\);$/.exec(statement);
  if (key) {
    const [, table, name, kind, columns] = key;
    const found = rowsOf<{ def: string }>(
      await db.execute(
        sql`SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = ${name} AND conrelid = to_regclass(${table})`,
      ),
    );
    return found[0]?.def === `${kind} (${columns!.replaceAll('"', '').replaceAll(',', ', ')})`;
  }
  // The sequence of a `bigserial` column in a table the schema does not declare.
  const sequence = /^DROP SEQUENCE "public"\."(\w+)";$/.exec(statement);
  if (sequence) {
    const owners = rowsOf<{ owner: string }>(
      await db.execute(
        sql`SELECT t.relname AS owner FROM pg_class s JOIN pg_depend d ON d.objid = s.oid JOIN pg_class t ON t.oid = d.refobjid
            WHERE s.relkind = 'S' AND s.relname = ${sequence[1]} AND d.deptype = 'a'`,
      ),
    );
    return owners.length > 0 && owners.every(({ owner }) => NOT_IN_THE_SCHEMA.includes(owner));
  }
  const emptyArray = /^ALTER TABLE "(\w+)" ALTER COLUMN "(\w+)" SET DEFAULT '\{\}';$/.exec(statement);
  if (emptyArray) {
    const [, table, column] = emptyArray;
    const found = rowsOf<{ column_default: string; data_type: string }>(
      await db.execute(
        sql`SELECT column_default, data_type FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = ${table} AND column_name = ${column}`,
      ),
    );
    return found[0]?.data_type === 'ARRAY' && /^'\{\}'::\w+\[\]$/.test(found[0].column_default);
  }
  return false;
}

/** What drizzle-kit would change in the database to reach the Drizzle schema, as SQL statements. */
async function schemaDifferences(db: Database): Promise<string[]> {
  const { statementsToExecute } = await pushSchema(
    tables,
    // Typed for a database without a schema of its own; only its `execute` is used.
    db as unknown as Parameters<typeof pushSchema>[1],
    ['public'],
    NOT_IN_THE_SCHEMA.map((table) => `!${table}`),
  );
  const statements = statementsToExecute.flatMap((statement) =>
    statement.split('--> statement-breakpoint').map((part) => part.trim()),
  );
  // A constraint drizzle-kit misread comes as a drop and an add: both go when the add is already there.
  const misread = new Set<string>();
  for (const statement of statements) {
    if (!(await alreadyInTheDatabase(db, statement))) continue;
    misread.add(statement);
    const name = /ADD CONSTRAINT "(\w+)"/.exec(statement)?.[1];
    if (name) for (const other of statements) if (other.endsWith(`DROP CONSTRAINT "${name}";`)) misread.add(other);
  }
  return statements.filter((statement) => !misread.has(statement));
}

/** Each check the schema declares whose condition is not the database's, as PostgreSQL prints it back. */
async function checkDifferences(db: Database): Promise<string[]> {
  const dialect = new PgDialect();
  const printed = new Map(
    rowsOf<{ name: string; def: string }>(
      await db.execute(
        sql`SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
            WHERE contype = 'c' AND connamespace = current_schema()::regnamespace`,
      ),
    ).map(({ name, def }) => [name, def]),
  );
  return Object.values<unknown>(tables)
    .filter((table): table is PgTable => is(table, PgTable))
    .flatMap((table) => getTableConfig(table).checks)
    .flatMap((check) => {
      const condition = dialect.sqlToQuery(check.value).sql;
      const def = printed.get(check.name);
      // PostgreSQL wraps a condition in parentheses of its own unless it is a bare column.
      if (def === `CHECK ((${condition}))` || def === `CHECK (${condition})`) return [];
      return [`check ${check.name}: the schema says ${condition}, the database ${def ?? 'has none'}`];
    });
}

const databaseUrl = process.env.DATABASE_URL;

/**
 * A fresh database with every migration applied. PGlite: the tests' migrated template. PostgreSQL: a database of its
 * own, since drizzle-kit compares the `public` schema that the Drizzle schema's tables belong to.
 */
async function openMigratedDatabase(): Promise<DatabaseHandle> {
  if (!databaseUrl) return openTemplateCopy();
  const name = `schema_check_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await migrate(handle.db);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const again = new pg.Client({ connectionString: databaseUrl });
      await again.connect();
      await again.query(`DROP DATABASE ${name}`);
      await again.end();
    },
  };
}

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openMigratedDatabase();
});
afterAll(() => handle.close());

it('the migrations make the database the Drizzle schema describes', async () => {
  expect(await schemaDifferences(handle.db)).toEqual([]);
  expect(await checkDifferences(handle.db)).toEqual([]);
});

it('reports a column, a check, an index and a table where the database and the schema disagree', async () => {
  await handle.db.execute(sql`ALTER TABLE bookings ALTER COLUMN meeting_location DROP NOT NULL`);
  await handle.db.execute(sql`ALTER TABLE reviews DROP CONSTRAINT reviews_stars_check`);
  await handle.db.execute(sql`ALTER TABLE reviews ADD CONSTRAINT reviews_stars_check CHECK (stars BETWEEN 0 AND 5)`);
  await handle.db.execute(sql`DROP INDEX bookings_seller_idx`);
  await handle.db.execute(sql`CREATE TABLE wishlists (id text PRIMARY KEY)`);

  expect(await schemaDifferences(handle.db)).toEqual(
    expect.arrayContaining([
      'ALTER TABLE "bookings" ALTER COLUMN "meeting_location" SET NOT NULL;',
      expect.stringMatching(/^CREATE INDEX "bookings_seller_idx"/),
      'DROP TABLE "wishlists" CASCADE;',
    ]),
  );
  expect(await checkDifferences(handle.db)).toEqual([
    'check reviews_stars_check: the schema says (stars >= 1) AND (stars <= 5), the database CHECK (((stars >= 0) AND (stars <= 5)))',
  ]);
});
