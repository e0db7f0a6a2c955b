import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from './database';

// PostgreSQL going away (a restart, a failover, an admin's pg_terminate_backend) must cost the requests in flight,
// not the process: found by `pnpm bench:faults`, where `pg_ctl restart -m immediate` crashed the API server with an
// unhandled 'error' event of a connection a transaction held. PGlite has no connections: DATABASE_URL only.
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('a PostgreSQL connection that dies', () => {
  const databaseUrl = process.env.DATABASE_URL!;
  const schema = `conn_${randomBytes(4).toString('hex')}`;
  let handle: DatabaseHandle;
  let admin: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    handle = await openDatabase({ databaseUrl, searchPath: schema });
  });

  afterAll(async () => {
    await handle.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  });

  async function backendPid(db: { execute: DatabaseHandle['db']['execute'] }): Promise<number> {
    const result = (await db.execute(sql`SELECT pg_backend_pid() AS pid`)) as unknown as { rows: { pid: number }[] };
    return result.rows[0]!.pid;
  }

  /** Ends a backend from outside and waits until it is gone, so its client sees the end between two queries. */
  async function terminate(pid: number): Promise<void> {
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    for (let i = 0; i < 100; i++) {
      const alive = await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid]);
      if (alive.rowCount === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // The client's socket reads the end on a later turn of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  it('fails the transaction that held it, keeps the process alive, and the next query gets a new connection', async () => {
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      let pid = 0;
      const held = handle.db.transaction(async (tx) => {
        pid = await backendPid(tx);
        await terminate(pid);
        await tx.execute(sql`SELECT 1`);
      });
      await expect(held).rejects.toThrow();
      expect(uncaught).toEqual([]);

      expect(await backendPid(handle.db)).not.toBe(pid);
    } finally {
      process.off('uncaughtException', record);
    }
  });

  it('an idle pooled connection that dies is replaced', async () => {
    const pid = await backendPid(handle.db);
    await terminate(pid);
    expect(await backendPid(handle.db)).not.toBe(pid);
  });
});
