import { randomBytes } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from './database';
import { inPipelinedTransaction } from './pipelined-transaction';
import { lockAllStatement } from '../repositories/row-statements';
import { pgErrorCode } from './pg-error';
import { openTemplateCopy } from '../testing/template';

const rows = pgTable('pipelined_rows', { id: integer('id').primaryKey() });
const databaseUrl = process.env.DATABASE_URL;
const schemaName = `pipe_${randomBytes(4).toString('hex')}`;

async function openEngine(engine: 'pglite' | 'postgres'): Promise<DatabaseHandle> {
  const handle =
    engine === 'postgres' ? await openDatabase({ databaseUrl, searchPath: schemaName }) : await openTemplateCopy();
  await handle.db.execute(sql`CREATE TABLE IF NOT EXISTS pipelined_rows (id integer PRIMARY KEY)`);
  return handle;
}

const ids = async (handle: DatabaseHandle) =>
  (await handle.db.select().from(rows).orderBy(rows.id)).map((row) => row.id);

let admin: pg.Client | undefined;
beforeAll(async () => {
  if (!databaseUrl) return;
  admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schemaName}`);
});
afterAll(async () => {
  await admin?.query(`DROP SCHEMA ${schemaName} CASCADE`);
  await admin?.end();
});

// Each run checks its own engine: the PGlite run the template's copy, the PostgreSQL run (DATABASE_URL) its schema.
const engines = databaseUrl ? (['postgres'] as const) : (['pglite'] as const);

describe.each(engines)('a pipelined transaction on %s', (engine) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openEngine(engine);
  });
  afterAll(() => handle.close());
  beforeEach(() => handle.db.delete(rows));

  it('answers each statement sent together, in order, and commits the last one with COMMIT', async () => {
    const answered = await inPipelinedTransaction(handle.db, async (tx) => {
      const [, counted] = await tx.send(tx.db.insert(rows).values({ id: 1 }), tx.db.select({ n: count() }).from(rows));
      await tx.sendAndCommit(tx.db.insert(rows).values({ id: 2 }));
      return counted[0]!.n;
    });
    // The read ran after the insert sent ahead of it, in the same transaction.
    expect(answered).toBe(1);
    expect(await ids(handle)).toEqual([1, 2]);
  });

  it('commits when the work returns without sendAndCommit', async () => {
    await inPipelinedTransaction(handle.db, (tx) => tx.send(tx.db.insert(rows).values({ id: 3 })));
    expect(await ids(handle)).toEqual([3]);
  });

  it('keeps nothing when a statement of a send fails, and answers that statement’s error', async () => {
    const failing = inPipelinedTransaction(handle.db, (tx) =>
      tx.send(tx.db.insert(rows).values({ id: 4 }), tx.db.insert(rows).values({ id: 4 }), tx.db.select().from(rows)),
    );
    expect(await failing.catch(pgErrorCode)).toBe('23505');
    expect(await ids(handle)).toEqual([]);
  });

  it('keeps nothing when the statement sent with COMMIT fails', async () => {
    const failing = inPipelinedTransaction(handle.db, async (tx) => {
      await tx.send(tx.db.insert(rows).values({ id: 5 }));
      await tx.sendAndCommit(tx.db.insert(rows).values({ id: 5 }));
    });
    expect(await failing.catch(pgErrorCode)).toBe('23505');
    expect(await ids(handle)).toEqual([]);
  });

  it('rolls back when the work throws between its sends', async () => {
    const failing = inPipelinedTransaction(handle.db, async (tx) => {
      await tx.send(tx.db.insert(rows).values({ id: 6 }));
      throw new Error('refused by the service');
    });
    await expect(failing).rejects.toThrow('refused by the service');
    expect(await ids(handle)).toEqual([]);
  });
});

const onPostgres = databaseUrl ? describe : describe.skip;
onPostgres('a read sent behind a lock, on PostgreSQL', () => {
  // Other test files lock on the same cluster: a key of this file's own.
  const KEY = `booking:${schemaName}`;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openEngine('postgres');
  });
  afterAll(() => handle.close());

  it('runs once the lock is granted and sees what the lock’s holder committed', async () => {
    const holder = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schemaName}` });
    await holder.connect();
    await handle.db.delete(rows);
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT pg_advisory_xact_lock(hashtext($1))', [KEY]);
      await holder.query('INSERT INTO pipelined_rows (id) VALUES (7)');
      const reading = inPipelinedTransaction(handle.db, (tx) =>
        tx.send(lockAllStatement(tx.db, [KEY]), tx.db.select().from(rows)),
      );
      // The pipelined transaction waits on the lock; only then does the holder commit its row.
      for (;;) {
        const waiting = await admin!.query(
          `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
             AND objid::bigint = (hashtext($1)::bigint & 4294967295)`,
          [KEY],
        );
        if (waiting.rowCount) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await holder.query('COMMIT');
      const [, seen] = await reading;
      expect(seen).toEqual([{ id: 7 }]);
    } finally {
      await holder.end();
    }
  });
});
