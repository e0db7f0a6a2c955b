import { count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
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
export async function claimDueMail(db: Queryable, limit: number, leaseMs: number): Promise<MailRow[]> {
  const result = (await db.execute(sql`
    UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
    WHERE id IN (
      SELECT id FROM mail_outbox WHERE delivered_at IS NULL AND next_attempt_at <= now()
      ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id, to_email, subject, body, link, attempts
  `)) as unknown as {
    rows: { id: string; to_email: string; subject: string; body: string; link: string; attempts: number }[];
  };
  return result.rows.map((row) => ({
    id: row.id,
    toEmail: row.to_email,
    subject: row.subject,
    body: row.body,
    link: row.link,
    attempts: Number(row.attempts),
    nextAttemptAt: new Date(),
    deliveredAt: null,
    lastError: null,
    createdAt: new Date(),
  }));
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
