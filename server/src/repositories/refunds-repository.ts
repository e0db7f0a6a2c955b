import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { newId } from '../db/ids';
import { refunds, type RefundRow } from '../db/schema';

/** The refunds table: charges given back because they could not be recorded, kept for audit. */

export type { RefundRow };
export type RefundReason = RefundRow['reason'];

/** Why this transaction's charge for this booking was given back, if it was. */
export async function refundReasonOf(
  db: Queryable,
  transactionId: string,
  bookingId: string,
): Promise<RefundReason | undefined> {
  const [row] = await db
    .select({ reason: refunds.reason })
    .from(refunds)
    .where(and(eq(refunds.transactionId, transactionId), eq(refunds.bookingId, bookingId)))
    .limit(1);
  return row?.reason;
}

/** Once per transaction: a repeated refund of the same charge keeps the first row. */
export async function insertRefund(db: Queryable, refund: Omit<RefundRow, 'id' | 'createdAt'>): Promise<void> {
  await db
    .insert(refunds)
    .values({ id: newId(), ...refund })
    .onConflictDoNothing({ target: refunds.transactionId });
}
