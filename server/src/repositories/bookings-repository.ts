import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/database';
import { firstRow } from '../db/first-row';
import { GroupedWrites } from '../db/grouped-writes';
import { newId } from '../db/ids';
import { perDatabase } from '../db/per-database';
import { bookings, type BookingRow } from '../db/schema';
import type { NewMail } from './mail-outbox-repository';
import type { NewNotification } from './notifications-repository';
import { moveStatus } from './row-statements';

/** The bookings table: a buyer's reservation of a book, with the name, image and price copied from the listing. */

export type { BookingRow };
/** What a new booking is made of; the database fills in `paid` (false), `status` and `created_at`, this module the id. */
export type NewBooking = Omit<typeof bookings.$inferInsert, 'id' | 'paid' | 'status' | 'createdAt'>;
export type BookingStatus = BookingRow['status'];

/** What the seller is told of a new booking, written in the same statement as the booking (issue 21). */
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

/** Moves a booking from one status to another; false when it was no longer in `from`. */
export function moveBookingStatus(db: Queryable, id: string, from: BookingStatus, to: BookingStatus): Promise<boolean> {
  return moveStatus(db, bookings, { id, from, to });
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
 * New bookings, written together when they arrive together (db/grouped-writes.ts): one statement and one
 * commit for all that arrived while the last one ran, each booking answered only once its row is committed.
 * Rows go in by (product_id, buyer_email), the unique index's order, then by arrival: two instances never wait
 * on each other's rows in opposite orders, and of two bookings of one book by one buyer in one statement the
 * first to arrive is the one kept. Answers, per booking, whether its row was written: not when the buyer
 * already holds an open booking of the book (the partial unique index decides, even for requests in parallel).
 */
type GroupedBooking = NewBooking & { id: string; notice: NewBookingNotice };

function groupedBookingInserts(db: Database): GroupedWrites<GroupedBooking, boolean> {
  return new GroupedWrites(async (rows) => {
    const json = JSON.stringify(
      rows.map((row, seq) => ({
        seq,
        id: row.id,
        seller_id: row.sellerId ?? null,
        seller_name: row.sellerName ?? '',
        seller_phone: row.sellerPhone ?? '',
        notification_id: newId(),
        notification_title: row.notice.notification.title,
        notification_body: row.notice.notification.body,
        notification_link: row.notice.notification.link,
        mail_id: newId(),
        mail_to: row.notice.email.toEmail,
        mail_subject: row.notice.email.subject,
        mail_body: row.notice.email.body,
        mail_link: row.notice.email.link,
        product_id: row.productId,
        buyer_id: row.buyerId,
        buyer_email: row.buyerEmail,
        buyer_name: row.buyerName,
        buyer_uid: row.buyerUid ?? '',
        title: row.title,
        image_url: row.imageUrl,
        category_name: row.categoryName,
        price: row.price,
        price_cents: row.priceCents,
        phone: row.phone,
        meeting_location: row.meetingLocation,
        booked_at_text: row.bookedAtText,
      })),
    );
    // The seller's notification and email go in with the booking, in the same statement (so the same commit).
    const result = (await db.execute(sql`
      WITH input AS (
        SELECT * FROM jsonb_to_recordset(${json}::jsonb) AS b (seq integer, id text, product_id text, buyer_id text,
          buyer_email text, buyer_name text, buyer_uid text, title text, image_url text, category_name text,
          price text, price_cents integer, phone text, meeting_location text, booked_at_text text, seller_id text,
          seller_name text, seller_phone text, notification_id text, notification_title text,
          notification_body text, notification_link text, mail_id text, mail_to text, mail_subject text,
          mail_body text, mail_link text)
      ),
      inserted AS (
        INSERT INTO bookings (id, product_id, buyer_id, buyer_email, buyer_name, buyer_uid, title, image_url,
          category_name, price, price_cents, phone, meeting_location, booked_at_text, seller_id, seller_name,
          seller_phone)
        SELECT id, product_id, buyer_id, buyer_email, buyer_name, buyer_uid, title, image_url,
          category_name, price, price_cents, phone, meeting_location, booked_at_text, seller_id, seller_name,
          seller_phone
        FROM input
        ORDER BY product_id, buyer_email, seq
        ON CONFLICT DO NOTHING
        RETURNING id
      ),
      notified AS (
        INSERT INTO notifications (id, user_id, kind, title, body, link)
        SELECT notification_id, seller_id, 'new-booking', notification_title, notification_body, notification_link
        FROM input JOIN inserted USING (id)
        WHERE seller_id IS NOT NULL
      ),
      mailed AS (
        INSERT INTO mail_outbox (id, to_email, subject, body, link)
        SELECT mail_id, mail_to, mail_subject, mail_body, mail_link FROM input JOIN inserted USING (id)
      )
      SELECT id FROM inserted
    `)) as unknown as { rows: { id: string }[] };
    const written = new Set(result.rows.map((row) => row.id));
    return rows.map((row) => written.has(row.id));
  });
}

const bookingInsertsOf = perDatabase(groupedBookingInserts);

/**
 * Writes one booking with the seller's notification and email (grouped with those arriving meanwhile) and answers its id, or undefined when the buyer
 * already holds an open booking of the book.
 */
export async function insertBooking(
  db: Database,
  booking: NewBooking,
  notice: NewBookingNotice,
): Promise<string | undefined> {
  const id = newId();
  return (await bookingInsertsOf(db).write({ ...booking, id, notice })) ? id : undefined;
}
