import {
  BOOKING_STATUS_LABELS,
  type BookingThread,
  type InsertResult,
  type MessageReport,
  type UnreadMessages,
  type UpdateResult,
} from '@bookswap/shared/schemas';
import type { Database, Queryable, Transaction } from '../db/database';
import { conflict, forbidden, HttpError, notFound } from '../errors/http-error';
import { insertAuditEntry } from '../repositories/audit-repository';
import {
  countMessagesSince,
  countUnreadMessages,
  insertMessage,
  insertMessageReportIfNew,
  lockAuthorMessages,
  messageById,
  messagesOfThread,
  newestMessageReports,
  threadHasReports,
  unreadInThread,
  unreadThreadsOf,
} from '../repositories/booking-messages-repository';
import {
  bookingById,
  bookingByIdForShare,
  type BookingRow,
  type BookingStatus,
} from '../repositories/bookings-repository';
import { bookingOfParty as bookingOfPartyAs, type Party } from './booking-parties';
import type { SignedInCaller } from './callers';
import { readThreadAndWithdrawMail, tellOfNewMessage, type MessageRecipient } from './message-mail';
import { sellerOf } from './notify';
import { bookingMessageToWire, messageReportToWire } from './wire';

/** A thread's answer stays bounded however long it grows: the newest messages, oldest first. */
const THREAD_LIST_LIMIT = 500;
/** The admin's list of reports of messages: the newest. */
const MESSAGE_REPORT_LIST_LIMIT = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

/** While a booking may still lead to a hand-over its two parties talk; once it ended the thread is closed. */
const OPEN_THREAD_STATUSES: readonly BookingStatus[] = ['waiting-for-payment', 'paid'];

const NOT_A_PARTY = 'Only the buyer and the seller of a booking can read and write its messages';

/** The booking, when the caller is one of its two parties: 404 for no such booking, 403 for anyone else. */
const bookingOfParty = (
  db: Queryable,
  caller: SignedInCaller,
  bookingId: string,
  read?: (db: Queryable, id: string) => Promise<BookingRow | undefined>,
) => bookingOfPartyAs(db, caller, bookingId, NOT_A_PARTY, read);

const isOpen = (booking: BookingRow) => OPEN_THREAD_STATUSES.includes(booking.status);

async function threadOf(db: Queryable, booking: BookingRow, reader: SignedInCaller | null): Promise<BookingThread> {
  const [messages, unread] = await Promise.all([
    messagesOfThread(db, booking.id, THREAD_LIST_LIMIT),
    reader ? unreadInThread(db, booking.id, reader.user.id) : 0,
  ]);
  return {
    bookingId: booking.id,
    book_name: booking.title,
    open: isOpen(booking),
    messages: messages.map((row) => bookingMessageToWire(row, reader?.user.id ?? null)),
    unread,
  };
}

/** GET /api/booking/:id/messages: the thread, for the booking's buyer or its book's seller. Reading is apart. */
export async function bookingThread(db: Database, caller: SignedInCaller, bookingId: string): Promise<BookingThread> {
  const { booking } = await bookingOfParty(db, caller, bookingId);
  return threadOf(db, booking, caller);
}

/** The other party, when their account still exists: whom a message is for. */
async function recipientOf(tx: Transaction, booking: BookingRow, author: Party): Promise<MessageRecipient | null> {
  if (author === 'seller') {
    return booking.buyerId ? { id: booking.buyerId, email: booking.buyerEmail, party: 'buyer' } : null;
  }
  const seller = await sellerOf(tx, booking);
  return seller ? { ...seller, party: 'seller' } : null;
}

/**
 * POST /api/booking/:id/messages: one party writes to the other while the booking is open, within MESSAGES_PER_DAY.
 * The text is stored as written (trimmed) and always shown as text. The other party's unread count and email are
 * written with the message.
 */
export async function sendMessage(
  db: Database,
  messagesPerDay: number,
  caller: SignedInCaller,
  bookingId: string,
  text: string,
): Promise<InsertResult> {
  return db.transaction(async (tx) => {
    // Held until commit: the booking cannot end while a message is being written to it.
    const { booking, party } = await bookingOfParty(tx, caller, bookingId, bookingByIdForShare);
    if (!isOpen(booking)) {
      throw conflict(
        `This booking is ${BOOKING_STATUS_LABELS[booking.status].toLowerCase()}: its messages stay readable, but no new ones can be sent`,
      );
    }
    await lockAuthorMessages(tx, caller.user.id);
    if ((await countMessagesSince(tx, caller.user.id, new Date(Date.now() - DAY_MS))) >= messagesPerDay) {
      throw new HttpError(429, `You have sent the ${messagesPerDay} messages a day allows; try again tomorrow`);
    }
    const id = await insertMessage(tx, {
      bookingId: booking.id,
      authorId: caller.user.id,
      authorName: caller.user.name,
      body: text,
    });
    const recipient = await recipientOf(tx, booking, party);
    if (recipient) await tellOfNewMessage(tx, booking, recipient, caller.user);
    return { acknowledged: true, insertedId: id };
  });
}

/** PUT /api/booking/:id/messages/read: every message of the thread read by the caller; answers how many were unread. */
export async function readThread(db: Database, caller: SignedInCaller, bookingId: string): Promise<UpdateResult> {
  const { booking } = await bookingOfParty(db, caller, bookingId);
  const modifiedCount = await db.transaction((tx) => readThreadAndWithdrawMail(tx, booking.id, caller.user.id));
  return { acknowledged: true, modifiedCount };
}

/**
 * POST /api/booking/:id/messages/:messageId/report: a party reports the other party's message, once; from then on
 * an admin may read the thread. Closed threads too: what was written stays reportable.
 */
export async function reportMessage(
  db: Database,
  caller: SignedInCaller,
  ids: { bookingId: string; messageId: string },
  reason: string,
): Promise<InsertResult> {
  const { booking } = await bookingOfParty(db, caller, ids.bookingId);
  const message = await messageById(db, ids.messageId);
  if (!message || message.bookingId !== booking.id) throw notFound('No message with this id in this booking');
  if (message.authorId === caller.user.id) throw forbidden('You can only report the other person’s messages');
  const id = await insertMessageReportIfNew(db, {
    messageId: message.id,
    bookingId: booking.id,
    reporterId: caller.user.id,
    reporterName: caller.user.name,
    reason,
  });
  if (!id) throw conflict('You have already reported this message', 'messageId');
  return { acknowledged: true, insertedId: id };
}

/** GET /api/message/unread: the caller's unread messages, in all and per booking. */
export async function unreadMessages(db: Database, caller: SignedInCaller): Promise<UnreadMessages> {
  const threads = await unreadThreadsOf(db, caller.user.id);
  return { total: threads.reduce((total, thread) => total + thread.unread, 0), threads };
}

/** The bell's count of unread messages (services/notifications.ts). */
export const unreadMessageCount = (db: Database, caller: SignedInCaller) => countUnreadMessages(db, caller.user.id);

/** GET /api/report/messages: the reports of messages, newest first, without the messages' words. */
export async function messageReports(db: Database): Promise<MessageReport[]> {
  return (await newestMessageReports(db, MESSAGE_REPORT_LIST_LIMIT)).map(messageReportToWire);
}

/**
 * GET /api/report/messages/:id: an admin reads a booking's thread, only once one of its messages was reported; each
 * reading is audited, in the same transaction.
 */
export async function reportedThread(db: Database, admin: SignedInCaller, bookingId: string): Promise<BookingThread> {
  return db.transaction(async (tx) => {
    const booking = await bookingById(tx, bookingId);
    if (!booking) throw notFound('No booking with this id');
    if (!(await threadHasReports(tx, booking.id))) {
      throw forbidden('An admin may read a booking’s messages only once one of them is reported');
    }
    await insertAuditEntry(tx, admin.user, 'read-thread', { type: 'booking', id: booking.id, name: booking.title });
    return threadOf(tx, booking, null);
  });
}
