import type { Transaction } from '../db/database';
import type { BookingRow } from '../repositories/bookings-repository';
import { queueMail } from '../repositories/mail-outbox-repository';
import { insertNotifications } from '../repositories/notifications-repository';
import { userById } from '../repositories/users-repository';
import type { Notice } from './notices';

/**
 * Writes the notices of an event inside the event's own transaction: the notifications, and the emails into the
 * outbox, so both are committed with the event or not at all. The mail worker delivers the emails later.
 */
export async function notify(tx: Transaction, notices: Notice[]): Promise<void> {
  await insertNotifications(
    tx,
    notices.map((notice) => notice.notification),
  );
  await queueMail(
    tx,
    notices.flatMap((notice) => (notice.email ? [notice.email] : [])),
  );
}

/** A booking's seller, when their account still exists, to tell them; read through the event's transaction. */
export async function sellerOf(tx: Transaction, booking: BookingRow): Promise<{ id: string; email: string } | null> {
  const seller = booking.sellerId ? await userById(tx, booking.sellerId) : undefined;
  return seller ? { id: seller.id, email: seller.email } : null;
}
