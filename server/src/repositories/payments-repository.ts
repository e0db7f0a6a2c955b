import { eq } from 'drizzle-orm';
import { firstRow } from '../db/first-row';
import type { Queryable } from '../db/database';
import { newId } from '../db/ids';
import { payments, type PaymentRow } from '../db/schema';

/** The payments table: one row per booking paid, keyed by the gateway's transaction (payment intent) id. */

export type { PaymentRow };

export function paymentByTransaction(db: Queryable, transactionId: string): Promise<PaymentRow | undefined> {
  return firstRow(db.select().from(payments).where(eq(payments.transactionId, transactionId)));
}

export async function insertPayment(db: Queryable, payment: Omit<PaymentRow, 'id' | 'createdAt'>): Promise<string> {
  const [row] = await db
    .insert(payments)
    .values({ id: newId(), ...payment })
    .returning({ id: payments.id });
  return row!.id;
}
