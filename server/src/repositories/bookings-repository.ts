import { and, asc, desc, eq, gt, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/database';
import { firstRow } from '../db/first-row';
import { GroupedWrites } from '../db/grouped-writes';
import { newId } from '../db/ids';
import { insertFromJson, type RowOf } from '../db/insert-from-json';
import { perDatabase } from '../db/per-database';
import { inPipelinedTransaction, type PipelinedTransaction } from '../db/pipelined-transaction';
import { bookings, type BookingRow } from '../db/schema';
import { mailInsert, type NewMail } from './mail-outbox-repository';
import { notificationsInsert, type NewNotification } from './notifications-repository';
import { lockAllStatement, moveStatus } from './row-statements';

/** The bookings table: a buyer's reservation of a book, with the name, image and price copied from the listing. */

export type { BookingRow };
/** The columns a new booking is written with; the database fills in `paid` (false), `status` and `created_at`. */
const NEW_BOOKING_COLUMNS = [
  'id',
  'productId',
  'buyerId',
  'buyerEmail',
  'buyerName',
  'buyerUid',
  'title',
  'imageUrl',
  'categoryName',
  'price',
  'priceCents',
  'phone',
  'meetingLocation',
  'bookedAtText',
  'sellerId',
  'sellerName',
  'sellerPhone',
] as const;

/** What a new booking is made of (this module gives it its id). */
export type NewBooking = Omit<RowOf<typeof bookings, (typeof NEW_BOOKING_COLUMNS)[number]>, 'id'>;
export type BookingStatus = BookingRow['status'];

/** What the seller is told of a new booking, committed with the booking. */
export interface NewBookingNotice {
  notification: Omit<NewNotification, 'userId' | 'kind'>;
  email: NewMail;
}

export function bookingById(db: Queryable, id: string): Promise<BookingRow | undefined> {
  return firstRow(db.select().from(bookings).where(eq(bookings.id, id)));
}

/** Locks the booking's row until the transaction ends. */
export function bookingByIdForUpdate(db: Queryable, id: string): Promise<BookingRow | undefined> {
  return firstRow(db.select().from(bookings).where(eq(bookings.id, id)).for('update'));
}

/**
 * Holds the booking's status until the transaction ends: a change of status (which locks the row for update) waits,
 * while other readers holding it this way do not wait on each other.
 */
export function bookingByIdForShare(db: Queryable, id: string): Promise<BookingRow | undefined> {
  return firstRow(db.select().from(bookings).where(eq(bookings.id, id)).for('share'));
}

/** Oldest first, as product.md's My Orders lists them. */
export function bookingsOfBuyer(db: Queryable, buyerEmail: string): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(eq(bookings.buyerEmail, buyerEmail))
    .orderBy(asc(bookings.createdAt), asc(bookings.id));
}

/** Whose bookings a page lists: a buyer's own (My Orders) or those of a seller's books (Booking Requests). */
export type BookingsOf = { buyerEmail: string } | { sellerId: string };

export interface BookingPageRows {
  rows: BookingRow[];
  /** How many the status filter finds. */
  count: number;
  /** How many of them all wait for payment, whatever the filter. */
  waiting: number;
}

/** One page of a person's bookings, of one status or all, by booking time (then id, so pages never overlap). */
export async function pageOfBookings(
  db: Queryable,
  of: BookingsOf,
  page: { status?: BookingStatus | undefined; sort: 'newest' | 'oldest'; offset: number; limit: number },
): Promise<BookingPageRows> {
  const owner = 'sellerId' in of ? eq(bookings.sellerId, of.sellerId) : eq(bookings.buyerEmail, of.buyerEmail);
  const order = page.sort === 'oldest' ? asc : desc;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(bookings)
      .where(page.status ? and(owner, eq(bookings.status, page.status)) : owner)
      .orderBy(order(bookings.createdAt), order(bookings.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({
        count: page.status
          ? sql<number>`count(*) FILTER (WHERE ${bookings.status} = ${page.status})`
          : sql<number>`count(*)`,
        waiting: sql<number>`count(*) FILTER (WHERE ${bookings.status} = 'waiting-for-payment')`,
      })
      .from(bookings)
      .where(owner),
  ]);
  return { rows, count: Number(totals[0]?.count ?? 0), waiting: Number(totals[0]?.waiting ?? 0) };
}

/** What a status change records besides the status: when the buyer cancelled, when the book was handed over. */
export type BookingStamps = Pick<typeof bookings.$inferInsert, 'cancelledAt' | 'handedOverAt'>;

/** Moves a booking from one status to another, with its stamps; false when it was no longer in `from`. */
export function moveBookingStatus(
  db: Queryable,
  id: string,
  move: { from: BookingStatus; to: BookingStatus; also?: BookingStamps },
): Promise<boolean> {
  return moveStatus(db, bookings, { id, ...move });
}

export async function markBookingPaid(db: Queryable, id: string): Promise<void> {
  await db.update(bookings).set({ paid: true, status: 'paid' }).where(eq(bookings.id, id));
}

/** Every other booking of the book still waiting for payment is sold to another buyer; answers them. */
export function sellOtherWaitingBookings(db: Queryable, productId: string, paidId: string): Promise<BookingRow[]> {
  return db
    .update(bookings)
    .set({ status: 'sold-to-another-buyer' })
    .where(and(eq(bookings.productId, productId), ne(bookings.id, paidId), eq(bookings.status, 'waiting-for-payment')))
    .returning();
}

/**
 * What a buyer did lately, read under their lock inside the booking's transaction: the facts a new booking is
 * judged on (services/booking-limits.ts).
 */
export interface RecentBookings {
  /** The buyer's bookings made over the last 24 hours, whatever became of them. */
  madeToday: number;
  /** When the buyer last cancelled a booking of this book, if ever. */
  lastCancelledAt: Date | undefined;
}

/** Why a new booking was not written: the buyer already holds an open booking of the book, or a limit's refusal. */
export type BookingRefused<R> = { refused: 'already-booked' } | { refused: 'limit'; reason: R };

/**
 * New bookings, written together when they arrive together (db/grouped-writes.ts): one transaction for all that
 * arrived while the last one ran, each booking answered only once its row is committed. Rows go in by
 * (product_id, buyer_email), the unique index's order, then by arrival: two instances never wait on each other's
 * rows in opposite orders, and of two bookings of one book by one buyer in one statement the first to arrive is
 * the one kept. Each buyer of the group is locked first (in one order, so two groups never wait on each other in
 * opposite orders) and each booking judged, in order of arrival, on that buyer's recent bookings as they stand,
 * those admitted before it in the group included: parallel requests, on one instance or several, cannot slip past
 * a limit. A booking is not written either when the buyer already holds an open booking of the book (the partial
 * unique index decides, even for requests in parallel).
 */
type GroupedBooking = NewBooking & {
  id: string;
  notice: NewBookingNotice;
  /** The limits' verdict on this booking given the buyer's recent bookings: undefined admits it. */
  judge(recent: RecentBookings): unknown;
};

const DAY_MS = 24 * 60 * 60 * 1000;

function byIndexOrder(a: GroupedBooking, b: GroupedBooking): number {
  if (a.productId !== b.productId) return a.productId < b.productId ? -1 : 1;
  if (a.buyerEmail !== b.buyerEmail) return a.buyerEmail < b.buyerEmail ? -1 : 1;
  return 0;
}

const bookOfBuyer = (productId: string, buyerEmail: string) => JSON.stringify([productId, buyerEmail]);

/** The buyer's lock of each booking of the group, then what the limits judge on: sent together, in this order. */
function lockAndReadRecent(tx: PipelinedTransaction, group: GroupedBooking[]) {
  const buyers = [...new Set(group.map((row) => row.buyerEmail))];
  const products = [...new Set(group.map((row) => row.productId))];
  // One statement, two kinds of row: each buyer's count of bookings made today (no product), and the last
  // cancellation of each (book, buyer) of the group (no count).
  const made = tx.db
    .select({
      buyerEmail: bookings.buyerEmail,
      productId: sql<string | null>`null`,
      made: sql<number>`count(*)`,
      at: sql<string | null>`null`,
    })
    .from(bookings)
    .where(and(inArray(bookings.buyerEmail, buyers), gt(bookings.createdAt, new Date(Date.now() - DAY_MS))))
    .groupBy(bookings.buyerEmail);
  const cancelled = tx.db
    .select({
      buyerEmail: bookings.buyerEmail,
      productId: sql<string | null>`${bookings.productId}`,
      made: sql<number>`0`,
      at: sql<string | null>`max(${bookings.cancelledAt})`,
    })
    .from(bookings)
    .where(
      and(inArray(bookings.productId, products), inArray(bookings.buyerEmail, buyers), isNotNull(bookings.cancelledAt)),
    )
    .groupBy(bookings.productId, bookings.buyerEmail);
  // The read goes out behind the lock and runs once it is granted, with a snapshot of its own: it sees every
  // booking of these buyers committed before.
  return tx.send(
    lockAllStatement(
      tx.db,
      buyers.map((buyer) => `booking:${buyer}`),
    ),
    made.unionAll(cancelled),
  );
}

function recentOf(rows: { buyerEmail: string; productId: string | null; made: number; at: string | null }[]) {
  const madeToday = new Map<string, number>();
  const lastCancelled = new Map<string, Date>();
  for (const row of rows) {
    if (row.productId === null) madeToday.set(row.buyerEmail, Number(row.made));
    else if (row.at !== null) lastCancelled.set(bookOfBuyer(row.productId, row.buyerEmail), new Date(row.at));
  }
  return { madeToday, lastCancelled };
}

function groupedBookingInserts(db: Database): GroupedWrites<GroupedBooking, true | BookingRefused<unknown>> {
  return new GroupedWrites((group) =>
    // The seller's notification and email are committed with the booking, never without it. Three round trips:
    // BEGIN with the lock and the read, the write with COMMIT.
    inPipelinedTransaction(db, async (tx) => {
      const [, rows] = await lockAndReadRecent(tx, group);
      const recent = recentOf(rows);
      const verdicts = new Map<string, unknown>();
      for (const row of group) {
        const verdict = row.judge({
          madeToday: recent.madeToday.get(row.buyerEmail) ?? 0,
          lastCancelledAt: recent.lastCancelled.get(bookOfBuyer(row.productId, row.buyerEmail)),
        });
        if (verdict !== undefined) verdicts.set(row.id, verdict);
        else recent.madeToday.set(row.buyerEmail, (recent.madeToday.get(row.buyerEmail) ?? 0) + 1);
      }
      // A stable sort: bookings of one book by one buyer stay in their order of arrival.
      const ordered = group.filter((row) => !verdicts.has(row.id)).sort(byIndexOrder);
      // The seller's notification and email of each booking, written only if the booking is (one statement).
      const sellerNotices = ordered.flatMap(({ id, sellerId, notice }) =>
        sellerId
          ? [{ id, notification: { userId: sellerId, kind: 'new-booking' as const, ...notice.notification } }]
          : [],
      );
      const ofBooked = (owners: string[]) => ({ owners, written: sql`SELECT id FROM booked` });
      const inserted = ordered.length
        ? (
            (await tx.sendAndCommit(
              tx.db.execute(sql`WITH booked AS (
                ${insertFromJson(bookings, NEW_BOOKING_COLUMNS, ordered)} ON CONFLICT DO NOTHING RETURNING ${bookings.id}
              ), told AS (
                ${notificationsInsert(
                  sellerNotices.map((row) => row.notification),
                  ofBooked(sellerNotices.map((row) => row.id)),
                )}
              ), mailed AS (
                ${mailInsert(
                  ordered.map(({ notice }) => notice.email),
                  ofBooked(ordered.map((row) => row.id)),
                )}
              ) SELECT id FROM booked`),
            )) as unknown as { rows: { id: string }[] }
          ).rows
        : [];
      const written = new Set(inserted.map((row) => row.id));
      return group.map((row): true | BookingRefused<unknown> => {
        if (verdicts.has(row.id)) return { refused: 'limit', reason: verdicts.get(row.id) };
        return written.has(row.id) ? true : { refused: 'already-booked' };
      });
    }),
  );
}

const bookingInsertsOf = perDatabase(groupedBookingInserts);

/**
 * Writes one booking with the seller's notification and email (grouped with those arriving meanwhile) once `judge`
 * admits it, and answers its id; or why it was not written: `judge`'s refusal, or the buyer already holds an open
 * booking of the book.
 */
export async function insertBooking<R>(
  db: Database,
  booking: NewBooking,
  notice: NewBookingNotice,
  judge: (recent: RecentBookings) => R | undefined,
): Promise<{ id: string } | BookingRefused<R>> {
  const id = newId();
  const outcome = await bookingInsertsOf(db).write({ ...booking, id, notice, judge });
  // The grouped writer is shared by every caller; this caller's own judge made this refusal, so it is an R.
  return outcome === true ? { id } : (outcome as BookingRefused<R>);
}
