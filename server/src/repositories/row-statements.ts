import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/database';

/**
 * Statements several tables share, written once: each table's repository names its own columns and keeps its own
 * exported functions, so a service never sees these.
 */

type WithId = PgTable & { id: AnyPgColumn };

/** Serialises the writes under one `key` (a kind and a person) until the transaction ends. */
export async function lockUntilCommit(tx: Queryable, key: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
}

/** How many rows of `table` whose `owner` column is `ownerId` were made after `since` (its `at` column): a quota. */
export async function countSince(
  tx: Queryable,
  table: PgTable,
  by: { owner: AnyPgColumn; ownerId: string; at: AnyPgColumn; since: Date },
): Promise<number> {
  const [made] = await tx
    .select({ rows: count() })
    .from(table)
    .where(and(eq(by.owner, by.ownerId), gt(by.at, by.since)));
  return Number(made?.rows ?? 0);
}

/** One owner's rows, newest first (`createdAt`, then id), at most `limit`. */
export function newestOfOwner<T extends WithId & { createdAt: AnyPgColumn }>(
  db: Queryable,
  table: T,
  owned: { owner: AnyPgColumn; ownerId: string; limit: number },
): Promise<T['$inferSelect'][]> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(eq(owned.owner, owned.ownerId))
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(owned.limit);
  // A generic table loses drizzle's row type; it is the table's own row.
  return query as unknown as Promise<T['$inferSelect'][]>;
}

/**
 * Moves one row's `status` from `from` to `to`, writing `also` with it (when it happened, say); false when it was no
 * longer in `from` (someone else moved it).
 */
export async function moveStatus<T extends WithId & { status: AnyPgColumn }>(
  db: Queryable,
  table: T,
  move: {
    id: string;
    from: T['$inferSelect']['status'];
    to: T['$inferSelect']['status'];
    also?: Partial<T['$inferInsert']>;
  },
): Promise<boolean> {
  const moved = await db
    .update(table as PgTable)
    .set({ ...move.also, status: move.to })
    .where(and(eq(table.id, move.id), eq(table.status, move.from)))
    .returning({ id: table.id });
  return moved.length > 0;
}
