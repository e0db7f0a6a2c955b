import { and, count, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { newId } from '../db/ids';
import { mailOutbox, type MailRow } from '../db/schema';

/** The mail outbox (migration 0007): emails written with their event, delivered by the mail worker. */

export type { MailRow };
export type NewMail = Pick<MailRow, 'toEmail' | 'subject' | 'body' | 'link'>;

export async function queueMail(db: Queryable, rows: NewMail[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(mailOutbox).values(rows.map((row) => ({ id: newId(), ...row })));
}

/**
 * Claims up to `limit` undelivered emails that are due: each is leased for `leaseMs` (its next attempt moved past
 * the lease, its attempts counted), so another worker, on this instance or another, skips it meanwhile. A worker
 * that dies holding a lease leaves the email due again once the lease ends.
 */
export function claimDueMail(db: Queryable, limit: number, leaseMs: number): Promise<MailRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.deliveredAt), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(mailOutbox.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + ${leaseMs} * interval '1 millisecond'`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

/** The SMTP server accepted these emails: one statement for a round's deliveries. */
export async function markMailDelivered(db: Queryable, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(mailOutbox).set({ deliveredAt: new Date(), lastError: null }).where(inArray(mailOutbox.id, ids));
}

/** The attempt failed: tried again at `retryAt`. */
export async function markMailFailed(db: Queryable, id: string, error: string, retryAt: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ lastError: error.slice(0, 500), nextAttemptAt: retryAt })
    .where(eq(mailOutbox.id, id));
}

/** How many emails were queued and how many of them delivered. */
export async function countMail(db: Queryable): Promise<{ queued: number; delivered: number }> {
  const [all] = await db.select({ n: count() }).from(mailOutbox);
  const [delivered] = await db.select({ n: count() }).from(mailOutbox).where(isNotNull(mailOutbox.deliveredAt));
  return { queued: Number(all?.n ?? 0), delivered: Number(delivered?.n ?? 0) };
}
