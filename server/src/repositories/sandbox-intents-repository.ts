import { eq } from 'drizzle-orm';
import { firstRow } from '../db/first-row';
import type { Queryable } from '../db/database';
import { sandboxIntents } from '../db/schema';
import { moveStatus } from './row-statements';

/** The local card sandbox's payment intents, kept in the database so they survive a restart. */

export type SandboxIntentRow = typeof sandboxIntents.$inferSelect;
export type SandboxIntentStatus = SandboxIntentRow['status'];

/** A new intent, or the one already made under the same idempotency key. */
export async function insertIntentOnce(
  db: Queryable,
  intent: Omit<SandboxIntentRow, 'amountRefunded' | 'createdAt'>,
): Promise<SandboxIntentRow> {
  const [inserted] = await db
    .insert(sandboxIntents)
    .values(intent)
    .onConflictDoNothing({ target: sandboxIntents.idempotencyKey })
    .returning();
  if (inserted) return inserted;
  const [existing] = await db
    .select()
    .from(sandboxIntents)
    .where(eq(sandboxIntents.idempotencyKey, intent.idempotencyKey ?? ''));
  return existing!;
}

export function intentById(db: Queryable, id: string): Promise<SandboxIntentRow | undefined> {
  return firstRow(db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id)));
}

export function intentByClientSecret(db: Queryable, clientSecret: string): Promise<SandboxIntentRow | undefined> {
  return firstRow(db.select().from(sandboxIntents).where(eq(sandboxIntents.clientSecret, clientSecret)));
}

export async function setIntentStatus(db: Queryable, id: string, status: SandboxIntentStatus): Promise<void> {
  await db.update(sandboxIntents).set({ status }).where(eq(sandboxIntents.id, id));
}

/** Moves the intent from `from` to `to`; false when it was no longer in `from`. */
export function moveIntentStatus(
  db: Queryable,
  id: string,
  from: SandboxIntentStatus,
  to: SandboxIntentStatus,
): Promise<boolean> {
  return moveStatus(db, sandboxIntents, { id, from, to });
}

export async function setIntentRefunded(db: Queryable, id: string, amountCents: number): Promise<void> {
  await db.update(sandboxIntents).set({ amountRefunded: amountCents }).where(eq(sandboxIntents.id, id));
}
