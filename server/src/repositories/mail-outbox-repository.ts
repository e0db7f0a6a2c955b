import { and, count, desc, eq, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { newId } from '../db/ids';
import { insertFromJson, type RowsOwnedBy } from '../db/insert-from-json';
import { mailOutbox, type MailRow } from '../db/schema';

/** The mail outbox (migration 0007): emails written with their event, delivered by the mail worker. */

export type { MailRow };
/** `unsubscribeUrl`: the address that unsubscribes in one click, sent as List-Unsubscribe (decision 035). */
export type NewMail = Pick<MailRow, 'toEmail' | 'subject' | 'body' | 'link'> & Partial<Pick<MailRow, 'unsubscribeUrl'>>;

/**
 * The insert of new emails, each with its id, due now: sent alone, or inside another statement's `WITH` (`ownedBy`:
 * only those of the rows that statement wrote).
 */
export const mailInsert = (rows: NewMail[], ownedBy?: RowsOwnedBy): SQL =>
  insertFromJson(
    mailOutbox,
    ['id', 'toEmail', 'subject', 'body', 'link', 'unsubscribeUrl'],
    rows.map((row) => ({ id: newId(), unsubscribeUrl: null, ...row })),
    ownedBy,
  );

export async function queueMail(db: Queryable, rows: NewMail[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(mailInsert(rows));
}

/** Queues one email, first tried at `dueAt` (now or later); answers its id. */
export async function queueMailDueAt(db: Queryable, row: NewMail, dueAt: Date): Promise<string> {
  const id = newId();
  await db.insert(mailOutbox).values({ id, ...row, nextAttemptAt: dueAt });
  return id;
}

/** An email no worker has claimed yet: not tried, not delivered, not dead. */
const notYetClaimed = (id: string) =>
  and(eq(mailOutbox.id, id), eq(mailOutbox.attempts, 0), isNull(mailOutbox.deliveredAt), isNull(mailOutbox.deadAt));

/** Rewrites an email no worker has claimed yet; false when one has (it is being sent, or was). */
export async function rewriteUnclaimedMail(
  db: Queryable,
  id: string,
  text: Pick<NewMail, 'subject' | 'body'>,
): Promise<boolean> {
  const changed = await db.update(mailOutbox).set(text).where(notYetClaimed(id)).returning({ id: mailOutbox.id });
  return changed.length > 0;
}

/** Withdraws an email no worker has claimed yet (what it told is no longer news); one being sent stays. */
export async function withdrawUnclaimedMail(db: Queryable, id: string): Promise<boolean> {
  const withdrawn = await db.delete(mailOutbox).where(notYetClaimed(id)).returning({ id: mailOutbox.id });
  return withdrawn.length > 0;
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
    .where(and(isNull(mailOutbox.deliveredAt), isNull(mailOutbox.deadAt), lte(mailOutbox.nextAttemptAt, sql`now()`)))
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

/**
 * One worker's claim of an email: the email and its count of tries when claimed. Every claim counts a try, so a later
 * claim of the same email (after this one's lease ended) has a higher count: the claim's own mark.
 */
export type MailClaim = Pick<MailRow, 'id' | 'attempts'>;

/** The email still held by this claim: undelivered, alive, and not claimed again since. */
const stillClaimed = (claim: MailClaim) =>
  and(
    eq(mailOutbox.id, claim.id),
    eq(mailOutbox.attempts, claim.attempts),
    isNull(mailOutbox.deliveredAt),
    isNull(mailOutbox.deadAt),
  );

/**
 * Moves the lease of emails still being sent `leaseMs` on from now, so no other worker takes them while a slow send
 * is under way; answers the ids renewed. An email marked meanwhile is never revived, and one another worker claimed
 * after this lease ended is not this worker's to renew: both are left out of the answer.
 */
export async function renewMailLease(db: Queryable, claims: MailClaim[], leaseMs: number): Promise<string[]> {
  if (claims.length === 0) return [];
  const renewed = await db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now() + ${leaseMs} * interval '1 millisecond'` })
    .where(or(...claims.map(stillClaimed)))
    .returning({ id: mailOutbox.id });
  return renewed.map((row) => row.id);
}

/** The SMTP server accepted these emails: one statement for a round's deliveries. */
export async function markMailDelivered(db: Queryable, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(mailOutbox).set({ deliveredAt: new Date(), lastError: null }).where(inArray(mailOutbox.id, ids));
}

/** The attempt failed: tried again at `retryAt`, unless another worker has claimed the email since. */
export async function markMailFailed(db: Queryable, claim: MailClaim, error: string, retryAt: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ lastError: error.slice(0, 500), nextAttemptAt: retryAt })
    .where(stillClaimed(claim));
}

/** Its last allowed try failed: a dead letter, kept with its error, never claimed again. */
export async function markMailDead(db: Queryable, claim: MailClaim, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ lastError: error.slice(0, 500), deadAt: new Date() })
    .where(stillClaimed(claim));
}

/** The newest dead letters, at most `limit`, and how many there are in all. */
export async function deadMail(db: Queryable, limit: number): Promise<{ rows: MailRow[]; count: number }> {
  const [rows, [all]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(isNotNull(mailOutbox.deadAt))
      .orderBy(desc(mailOutbox.deadAt), desc(mailOutbox.id))
      .limit(limit),
    db.select({ n: count() }).from(mailOutbox).where(isNotNull(mailOutbox.deadAt)),
  ]);
  return { rows, count: Number(all?.n ?? 0) };
}

/** How many emails were queued and how many of them delivered. */
export async function countMail(db: Queryable): Promise<{ queued: number; delivered: number }> {
  const [all] = await db.select({ n: count() }).from(mailOutbox);
  const [delivered] = await db.select({ n: count() }).from(mailOutbox).where(isNotNull(mailOutbox.deliveredAt));
  return { queued: Number(all?.n ?? 0), delivered: Number(delivered?.n ?? 0) };
}
