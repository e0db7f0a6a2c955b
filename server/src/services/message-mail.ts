import type { Transaction } from '../db/database';
import {
  addUnread,
  markThreadRead,
  readerForUpdate,
  recordThreadMail,
} from '../repositories/booking-messages-repository';
import type { BookingRow } from '../repositories/bookings-repository';
import { queueMailDueAt, rewriteUnclaimedMail, withdrawUnclaimedMail } from '../repositories/mail-outbox-repository';
import { unreadMessagesEmail } from './notices';

/**
 * At most one email per thread and reader in this time (decision 030): a lively exchange sends one
 * "N new messages" email, not one per message.
 */
export const THREAD_MAIL_SPACING_MS = 10 * 60 * 1000;

/** Whom a new message is for: the other party of the booking. */
export interface MessageRecipient {
  id: string;
  email: string;
  party: 'buyer' | 'seller';
}

/**
 * Counts a new message as unread for its recipient and tells them by email through the outbox, in the message's
 * own transaction. While an email about this thread is still waiting to be sent, it is rewritten with the new count
 * instead of adding another; otherwise a new one is queued, due no sooner than ten minutes after the last one.
 */
export async function tellOfNewMessage(
  tx: Transaction,
  booking: Pick<BookingRow, 'id' | 'title'>,
  recipient: MessageRecipient,
  author: { name: string },
): Promise<void> {
  // Locks the recipient's place in the thread: two messages to them at once count and mail one after the other.
  const reader = await addUnread(tx, booking.id, recipient.id);
  const mail = unreadMessagesEmail(booking, recipient, author, reader.unread);
  if (reader.pendingMailId && (await rewriteUnclaimedMail(tx, reader.pendingMailId, mail))) return;
  const dueAt = new Date(Math.max(Date.now(), (reader.mailedAt?.getTime() ?? 0) + THREAD_MAIL_SPACING_MS));
  const pendingMailId = await queueMailDueAt(tx, mail, dueAt);
  await recordThreadMail(tx, booking.id, recipient.id, { pendingMailId, mailedAt: dueAt });
}

/**
 * The reader has read the thread: nothing unread, and an email about it not sent yet is withdrawn (it would tell
 * them what they have just read). Answers how many messages were unread.
 */
export async function readThreadAndWithdrawMail(tx: Transaction, bookingId: string, userId: string): Promise<number> {
  const reader = await readerForUpdate(tx, bookingId, userId);
  if (!reader) return 0;
  const withdrawn = reader.pendingMailId !== null && (await withdrawUnclaimedMail(tx, reader.pendingMailId));
  // A withdrawn email was never sent: the next one may be due when it was, which is at least the spacing after the
  // last one sent.
  const mailedAt =
    withdrawn && reader.mailedAt ? new Date(reader.mailedAt.getTime() - THREAD_MAIL_SPACING_MS) : reader.mailedAt;
  await markThreadRead(tx, bookingId, userId, mailedAt);
  return reader.unread;
}
