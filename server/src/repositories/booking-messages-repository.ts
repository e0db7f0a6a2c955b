import { and, asc, desc, eq, gt, sql, sum } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { firstRow } from '../db/first-row';
import { newId } from '../db/ids';
import {
  bookingMessageReports,
  bookingMessages,
  bookings,
  bookingThreadReaders,
  type BookingMessageReportRow,
  type BookingMessageRow,
  type BookingThreadReaderRow,
} from '../db/schema';
import { countSince, lockUntilCommit } from './row-statements';

/**
 * The booking threads (migration 0020): the messages, each party's place in a thread (unread count, throttled
 * email), and the reports of messages.
 */

export type { BookingMessageRow, BookingThreadReaderRow, BookingMessageReportRow };
export type NewBookingMessage = Pick<BookingMessageRow, 'bookingId' | 'authorId' | 'authorName' | 'body'>;

export async function insertMessage(db: Queryable, message: NewBookingMessage): Promise<string> {
  const id = newId();
  await db.insert(bookingMessages).values({ id, ...message });
  return id;
}

/** The newest `limit` messages of a thread, oldest first. */
export async function messagesOfThread(db: Queryable, bookingId: string, limit: number): Promise<BookingMessageRow[]> {
  const newest = await db
    .select()
    .from(bookingMessages)
    .where(eq(bookingMessages.bookingId, bookingId))
    .orderBy(desc(bookingMessages.createdAt), desc(bookingMessages.id))
    .limit(limit);
  return newest.reverse();
}

export function messageById(db: Queryable, id: string): Promise<BookingMessageRow | undefined> {
  return firstRow(db.select().from(bookingMessages).where(eq(bookingMessages.id, id)));
}

/** Serialises one author's messages until the transaction ends, so parallel ones cannot slip past the quota. */
export const lockAuthorMessages = (tx: Queryable, authorId: string) => lockUntilCommit(tx, `message:${authorId}`);

export const countMessagesSince = (tx: Queryable, authorId: string, since: Date) =>
  countSince(tx, bookingMessages, {
    owner: bookingMessages.authorId,
    ownerId: authorId,
    at: bookingMessages.createdAt,
    since,
  });

/** One more unread message for the reader; answers their place in the thread, locked until the transaction ends. */
export async function addUnread(db: Queryable, bookingId: string, userId: string): Promise<BookingThreadReaderRow> {
  const [row] = await db
    .insert(bookingThreadReaders)
    .values({ bookingId, userId, unread: 1 })
    .onConflictDoUpdate({
      target: [bookingThreadReaders.bookingId, bookingThreadReaders.userId],
      set: { unread: sql`${bookingThreadReaders.unread} + 1` },
    })
    .returning();
  return row!;
}

/** Records the email that tells the reader of new messages: still to be sent (`pendingMailId`) and when it is due. */
export async function recordThreadMail(
  db: Queryable,
  bookingId: string,
  userId: string,
  mail: Pick<BookingThreadReaderRow, 'pendingMailId' | 'mailedAt'>,
): Promise<void> {
  await db
    .update(bookingThreadReaders)
    .set(mail)
    .where(and(eq(bookingThreadReaders.bookingId, bookingId), eq(bookingThreadReaders.userId, userId)));
}

/** The reader's place in a thread, locked until the transaction ends; undefined before their first unread message. */
export function readerForUpdate(
  db: Queryable,
  bookingId: string,
  userId: string,
): Promise<BookingThreadReaderRow | undefined> {
  return firstRow(
    db
      .select()
      .from(bookingThreadReaders)
      .where(and(eq(bookingThreadReaders.bookingId, bookingId), eq(bookingThreadReaders.userId, userId)))
      .for('update'),
  );
}

/** Every message of the thread read by the reader: none unread, no email pending, the last email as given. */
export async function markThreadRead(
  db: Queryable,
  bookingId: string,
  userId: string,
  mailedAt: Date | null,
): Promise<void> {
  await db
    .update(bookingThreadReaders)
    .set({ unread: 0, readAt: new Date(), pendingMailId: null, mailedAt })
    .where(and(eq(bookingThreadReaders.bookingId, bookingId), eq(bookingThreadReaders.userId, userId)));
}

export async function unreadInThread(db: Queryable, bookingId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: bookingThreadReaders.unread })
    .from(bookingThreadReaders)
    .where(and(eq(bookingThreadReaders.bookingId, bookingId), eq(bookingThreadReaders.userId, userId)));
  return row?.unread ?? 0;
}

/** A person's threads holding unread messages, with how many each. */
export function unreadThreadsOf(db: Queryable, userId: string): Promise<{ bookingId: string; unread: number }[]> {
  return db
    .select({ bookingId: bookingThreadReaders.bookingId, unread: bookingThreadReaders.unread })
    .from(bookingThreadReaders)
    .where(and(eq(bookingThreadReaders.userId, userId), gt(bookingThreadReaders.unread, 0)))
    .orderBy(asc(bookingThreadReaders.bookingId));
}

/** A person's unread messages in all their threads: what the bell adds to its count. */
export async function countUnreadMessages(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: sum(bookingThreadReaders.unread) })
    .from(bookingThreadReaders)
    .where(and(eq(bookingThreadReaders.userId, userId), gt(bookingThreadReaders.unread, 0)));
  return Number(row?.unread ?? 0);
}

export type NewMessageReport = Pick<
  BookingMessageReportRow,
  'messageId' | 'bookingId' | 'reporterId' | 'reporterName' | 'reason'
>;

/** Records a report unless the reporter already reported this message; answers its id, or undefined. */
export async function insertMessageReportIfNew(db: Queryable, report: NewMessageReport): Promise<string | undefined> {
  const [row] = await db
    .insert(bookingMessageReports)
    .values({ id: newId(), ...report })
    .onConflictDoNothing()
    .returning({ id: bookingMessageReports.id });
  return row?.id;
}

export async function threadHasReports(db: Queryable, bookingId: string): Promise<boolean> {
  const row = await firstRow(
    db
      .select({ id: bookingMessageReports.id })
      .from(bookingMessageReports)
      .where(eq(bookingMessageReports.bookingId, bookingId)),
  );
  return row !== undefined;
}

/** The newest `limit` reports of messages, newest first, with the booked book's name. */
export function newestMessageReports(
  db: Queryable,
  limit: number,
): Promise<(BookingMessageReportRow & { title: string })[]> {
  return db
    .select({
      id: bookingMessageReports.id,
      messageId: bookingMessageReports.messageId,
      bookingId: bookingMessageReports.bookingId,
      reporterId: bookingMessageReports.reporterId,
      reporterName: bookingMessageReports.reporterName,
      reason: bookingMessageReports.reason,
      createdAt: bookingMessageReports.createdAt,
      title: bookings.title,
    })
    .from(bookingMessageReports)
    .innerJoin(bookings, eq(bookings.id, bookingMessageReports.bookingId))
    .orderBy(desc(bookingMessageReports.createdAt), desc(bookingMessageReports.id))
    .limit(limit);
}
