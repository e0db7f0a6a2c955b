import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/database';
import { firstRow } from '../db/first-row';
import { GroupedWrites } from '../db/grouped-writes';
import { newId } from '../db/ids';
import { insertFromJson, type RowOf } from '../db/insert-from-json';
import { perDatabase } from '../db/per-database';
import { violatedConstraint } from '../db/pg-error';
import { bookingDayCounts, bookings, type BookingRow } from '../db/schema';
import { mailInsert, type NewMail } from './mail-outbox-repository';
import { notificationsInsert, type NewNotification } from './notifications-repository';

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

/** What a status change records besides the status: when the buyer cancelled, when handed over, that it is paid. */
export type BookingStamps = Pick<typeof bookings.$inferInsert, 'cancelledAt' | 'handedOverAt' | 'paid'>;

/** Which bookings a status change is about: one, or every other one of a book. */
export type BookingsToMove = { id: string } | { productId: string; except: string };

/**
 * Moves the bookings still in one of `from` to `to`, with its stamps, in one statement guarded by `from` (so two
 * changes racing cannot both apply); answers the bookings it moved. Only services/booking-process.ts calls it.
 */
export function moveBookings(
  db: Queryable,
  which: BookingsToMove,
  move: { from: readonly BookingStatus[]; to: BookingStatus; also?: BookingStamps | undefined },
): Promise<BookingRow[]> {
  const chosen =
    'id' in which
      ? eq(bookings.id, which.id)
      : and(eq(bookings.productId, which.productId), ne(bookings.id, which.except));
  return db
    .update(bookings)
    .set({ ...move.also, status: move.to })
    .where(and(chosen, inArray(bookings.status, [...move.from])))
    .returning();
}

/** What a new booking is held to: BOOKINGS_PER_DAY and BOOKING_COOL_DOWN_MINUTES (BookingLimits in config.ts). */
export interface BookingQuota {
  perDay: number;
  coolDownMinutes: number;
}

/**
 * Why a new booking was not written: the buyer's bookings of the last 24 hours are `perDay` already, they cancelled
 * a booking of this book less than `coolDownMinutes` ago (then), or they hold an open booking of it.
 */
export type BookingRefused =
  { refused: 'per-day' } | { refused: 'cool-down'; cancelledAt: Date } | { refused: 'already-booked' };

/** The partial unique index of migration 0007: one booking waiting for payment per buyer and book. */
const ONE_OPEN_BOOKING = 'bookings_one_open_per_buyer_idx';

type NewBookingRow = RowOf<typeof bookings, (typeof NEW_BOOKING_COLUMNS)[number]>;

/** A booking waiting for its group's statement. */
interface GroupedBooking {
  row: NewBookingRow;
  notice: NewBookingNotice;
  quota: BookingQuota;
}

/** `again`: another booking of the same buyer (or under other limits) is in this group; it goes in the next. */
type GroupedOutcome = { id: string } | BookingRefused | 'again';

const countColumn = {
  buyerEmail: sql.identifier(bookingDayCounts.buyerEmail.name),
  day: sql.identifier(bookingDayCounts.day.name),
  bookings: sql.identifier(bookingDayCounts.bookings.name),
};

/**
 * The bookings of a group, each of another buyer, in one statement committed alone (decision 041). `request`: who
 * books what. `checked`: each one's latest cancellation of the book within the cool-down, and whether the buyer
 * holds an open booking of it, as the statement's snapshot has them (scalar sub-selects, so each is an index lookup:
 * an EXISTS the planner made a hashed scan of every open booking, 9 ms a group at 4,000 of them). `claimed`: a place in the buyer's count of today (UTC) for
 * each of the others, in buyers' order (so two groups never wait on each other's rows in opposite orders): a new
 * row, or under the row's lock (ON CONFLICT checks its newest version, whatever the snapshot) one more while fewer
 * than `perDay` (decision 046). `booked`: the bookings with a claimed place; `told` and `mailed`: their sellers'
 * notifications and emails, only with them. An open booking committed after the snapshot breaks the unique index
 * and fails the statement, claimed places included (grouped-writes.ts sends it again one booking at a time).
 */
function groupStatement(group: GroupedBooking[], quota: BookingQuota) {
  const perDay = sql`${quota.perDay}::integer`;
  const today = sql`(now() AT TIME ZONE 'UTC')::date`;
  const requests = JSON.stringify(
    group.map(({ row }) => ({ id: row.id, product_id: row.productId, buyer_email: row.buyerEmail })),
  );
  const sellerNotices = group.flatMap(({ row, notice }) =>
    row.sellerId
      ? [{ owner: row.id, notice: { userId: row.sellerId, kind: 'new-booking' as const, ...notice.notification } }]
      : [],
  );
  const ofBooked = (owners: string[]) => ({ owners, written: sql`SELECT id FROM booked` });
  return sql`WITH request AS (
      SELECT * FROM jsonb_to_recordset(${requests}::jsonb) AS request (id text, product_id text, buyer_email text)
    ), checked AS (
      SELECT request.*,
        (SELECT max(${bookings.cancelledAt}) FROM ${bookings}
          WHERE ${bookings.productId} = request.product_id AND ${bookings.buyerEmail} = request.buyer_email
            AND ${bookings.cancelledAt} > now() - make_interval(mins => ${quota.coolDownMinutes}::integer)) AS cancelled_at,
        coalesce((SELECT true FROM ${bookings}
          WHERE ${bookings.productId} = request.product_id AND ${bookings.buyerEmail} = request.buyer_email
            AND ${bookings.status} = 'waiting-for-payment' LIMIT 1), false) AS already_booked
      FROM request
    ), claimed AS (
      INSERT INTO ${bookingDayCounts} AS counted (${countColumn.buyerEmail}, ${countColumn.day}, ${countColumn.bookings})
      SELECT buyer_email, ${today}, 1 FROM checked WHERE cancelled_at IS NULL AND NOT already_booked
      ORDER BY buyer_email
      ON CONFLICT (${countColumn.buyerEmail}, ${countColumn.day}) DO UPDATE SET ${countColumn.bookings} = counted.bookings + 1
        WHERE counted.bookings < ${perDay}
      RETURNING counted.buyer_email
    ), booked AS (
      ${insertFromJson(
        bookings,
        NEW_BOOKING_COLUMNS,
        group.map(({ row }) => row),
        { owners: group.map(({ row }) => row.buyerEmail), written: sql`SELECT buyer_email FROM claimed` },
      )}
      RETURNING ${sql.identifier(bookings.id.name)} AS id
    ), told AS (
      ${notificationsInsert(
        sellerNotices.map(({ notice }) => notice),
        ofBooked(sellerNotices.map(({ owner }) => owner)),
      )}
    ), mailed AS (
      ${mailInsert(
        group.map(({ notice }) => notice.email),
        ofBooked(group.map(({ row }) => row.id)),
      )}
    )
    SELECT id, id IN (SELECT id FROM booked) AS booked, cancelled_at, already_booked,
      coalesce((SELECT ${bookingDayCounts.bookings} >= ${perDay} FROM ${bookingDayCounts}
        WHERE ${bookingDayCounts.buyerEmail} = checked.buyer_email AND ${bookingDayCounts.day} = ${today}), false)
        AS day_used_up
    FROM checked`;
}

interface GroupAnswer {
  id: string;
  booked: boolean;
  cancelled_at: Date | string | null;
  already_booked: boolean;
  day_used_up: boolean;
}

/** A booking's outcome; refusals in the order clients hear them: the day's bookings, the cool-down, the open one. */
function outcomeOf(answer: GroupAnswer): { id: string } | BookingRefused {
  if (answer.booked) return { id: answer.id };
  // The day's bookings as the statement's snapshot read them; a place refused under the row's lock is the day's
  // limit too.
  if (answer.day_used_up) return { refused: 'per-day' };
  if (answer.cancelled_at !== null) return { refused: 'cool-down', cancelledAt: new Date(answer.cancelled_at) };
  if (answer.already_booked) return { refused: 'already-booked' };
  return { refused: 'per-day' };
}

async function writeGroup(db: Database, waiting: GroupedBooking[]): Promise<GroupedOutcome[]> {
  const { quota } = waiting[0]!;
  const buyers = new Set<string>();
  const group = waiting.filter((booking) => {
    const fits =
      !buyers.has(booking.row.buyerEmail) &&
      booking.quota.perDay === quota.perDay &&
      booking.quota.coolDownMinutes === quota.coolDownMinutes;
    if (fits) buyers.add(booking.row.buyerEmail);
    return fits;
  });
  const result = (await db.execute(groupStatement(group, quota))) as unknown as { rows: GroupAnswer[] };
  const answers = new Map(result.rows.map((answer) => [answer.id, answer]));
  return waiting.map((booking) => {
    const answer = answers.get(booking.row.id);
    return answer ? outcomeOf(answer) : 'again';
  });
}

/**
 * New bookings, written together when they arrive together (db/grouped-writes.ts): one statement and one commit for
 * all that arrived while the last one ran, at most one booking of each buyer (a second waits for the next group).
 */
const bookingWritesOf = perDatabase(
  (db: Database) => new GroupedWrites<GroupedBooking, GroupedOutcome>((group) => writeGroup(db, group)),
);

/**
 * Writes one booking with the seller's notification and email if the buyer's limits admit it and they hold no open
 * booking of the book; answers its id, or why it was not written.
 */
export async function insertBooking(
  db: Database,
  booking: NewBooking,
  notice: NewBookingNotice,
  quota: BookingQuota,
): Promise<{ id: string } | BookingRefused> {
  const row = { ...booking, id: newId() };
  try {
    for (;;) {
      const outcome = await bookingWritesOf(db).write({ row, notice, quota });
      if (outcome !== 'again') return outcome;
    }
  } catch (error) {
    // Sent alone after its group failed: an open booking of the book committed meanwhile.
    if (violatedConstraint(error) === ONE_OPEN_BOOKING) return { refused: 'already-booked' };
    throw error;
  }
}
