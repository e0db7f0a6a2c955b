/**
 * A transaction that sends its statements in as few round trips as it can. On a busy server each round trip also
 * waits its turn in the event loop, so a transaction of five round trips holds its connection (and the writes
 * grouped behind it) five times as long as one statement does. Here BEGIN goes out with the first statements, and
 * the last statement goes out with COMMIT. PostgreSQL still runs them one after the other, each with a snapshot of
 * its own, so a read sent behind a lock sees everything committed before the lock was granted.
 */
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { postgresPoolOf, type Database } from './database';
import { schema } from './schema';

/** A statement built but not yet sent: a Drizzle query or `db.execute(...)`, sent by calling `execute`. */
export interface Unsent<T> {
  execute(): Promise<T>;
}

type Answers<S extends readonly Unsent<unknown>[]> = { -readonly [K in keyof S]: Awaited<ReturnType<S[K]['execute']>> };

export interface PipelinedTransaction {
  /** Builds statements on the transaction's connection. */
  db: Database;
  /** Sends the statements together, in order, and waits for every answer; the first statement that failed is the error. */
  send<S extends readonly Unsent<unknown>[]>(...statements: S): Promise<Answers<S>>;
  /** Sends the statement with COMMIT behind it: its answer once both are done. Send nothing after it. */
  sendAndCommit<T>(statement: Unsent<T>): Promise<T>;
}

/**
 * Runs `work` in one transaction, committed when `work` returns unless `sendAndCommit` did, rolled back when it
 * throws. On PGlite it is an ordinary transaction (no round trips to save).
 */
export async function inPipelinedTransaction<R>(
  db: Database,
  work: (tx: PipelinedTransaction) => Promise<R>,
): Promise<R> {
  const pool = postgresPoolOf(db);
  if (!pool) {
    return db.transaction((tx) => {
      const inOrder = async (statements: readonly Unsent<unknown>[]) => {
        const answers: unknown[] = [];
        for (const statement of statements) answers.push(await statement.execute());
        return answers;
      };
      return work({
        db: tx as unknown as Database,
        send: (...statements) => inOrder(statements) as never,
        sendAndCommit: (statement) => statement.execute(),
      });
    });
  }
  const client = await pool.connect();
  // An object, since the closures below move it on.
  const at: { state: 'not begun' | 'begun' | 'committed' } = { state: 'not begun' };
  let broken: Error | undefined;
  try {
    const onClient = drizzleOn(client);
    const result = await work({
      db: onClient,
      async send(...statements) {
        const begin = at.state === 'not begun' ? [client.query('BEGIN')] : [];
        at.state = 'begun';
        // `execute()` is called here, in order: each statement is on the wire before the next is asked for.
        const sent = [...begin, ...statements.map((statement) => statement.execute())];
        const answers = await inStatementOrder(sent);
        return answers.slice(begin.length) as never;
      },
      async sendAndCommit(statement) {
        if (at.state !== 'begun') throw new Error('sendAndCommit needs a transaction that send has begun');
        const sent = statement.execute();
        const commit = client.query('COMMIT');
        at.state = 'committed';
        const [answer, committed] = (await inStatementOrder([sent, commit])) as [Awaited<typeof sent>, pg.QueryResult];
        // COMMIT of a transaction that failed answers ROLLBACK, without an error of its own.
        if (committed.command !== 'COMMIT') throw new Error(`The transaction ended with ${committed.command}`);
        return answer;
      },
    });
    if (at.state === 'begun') await client.query('COMMIT');
    return result;
  } catch (error) {
    if (at.state === 'begun') broken = await rollBack(client);
    throw error;
  } finally {
    client.release(broken);
  }
}

/** Drizzle on one connection of the pool, so that a statement's `execute()` writes it to the socket at once: made once
 * per connection (it reads the whole schema), not per transaction. */
const drizzleOnClient = new WeakMap<pg.PoolClient, Database>();
function drizzleOn(client: pg.PoolClient): Database {
  let onClient = drizzleOnClient.get(client);
  if (!onClient) {
    onClient = drizzlePg({ client, schema }) as unknown as Database;
    drizzleOnClient.set(client, onClient);
  }
  return onClient;
}

/**
 * Every answer, in order; or the error of the first statement that failed. Not Promise.all: the statements behind
 * a failed one fail too (25P02, the transaction is aborted), and Drizzle's layers may pass one of those rejections
 * on first, while the caller must see the cause (a refused row, which grouped-writes.ts sends again one by one).
 */
async function inStatementOrder(sent: Promise<unknown>[]): Promise<unknown[]> {
  const settled = await Promise.allSettled(sent);
  const failed = settled.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value);
}

/** Rolls back; a connection that cannot even do that is broken, and the pool must not lend it again. */
async function rollBack(client: pg.PoolClient): Promise<Error | undefined> {
  try {
    await client.query('ROLLBACK');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}
