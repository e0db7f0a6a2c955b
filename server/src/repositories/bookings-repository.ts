import { asc, eq, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/database';
import { firstRow } from '../db/first-row';
import { GroupedWrites } from '../db/grouped-writes';
import { newId } from '../db/ids';
import { perDatabase } from '../db/per-database';
import { bookings, type BookingRow } from '../db/schema';

/** The bookings table: a buyer's reservation of a book, with the name, image and price copied from the listing. */

export type { BookingRow };
/** What a new booking is made of; the database fills in `paid` (false) and `created_at`, this module the id. */
export type NewBooking = Omit<typeof bookings.$inferInsert, 'id' | 'paid' | 'createdAt'>;

export function bookingById(db: Queryable, id: string): Promise<BookingRow | undefined> {
  return firstRow(db.select().from(bookings).where(eq(bookings.id, id)));
}

/** Locks the booking's row until the transaction ends. */
export function bookingByIdForUpdate(db: Queryable, id: string): Promise<BookingRow | undefined> {
  return firstRow(db.select().from(bookings).where(eq(bookings.id, id)).for('update'));
}

/** Oldest first, as SPEC's My Orders lists them. */
export function bookingsOfBuyer(db: Queryable, buyerEmail: string): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(eq(bookings.buyerEmail, buyerEmail))
    .orderBy(asc(bookings.createdAt), asc(bookings.id));
}

export async function markBookingPaid(db: Queryable, id: string): Promise<void> {
  await db.update(bookings).set({ paid: true }).where(eq(bookings.id, id));
}

/**
 * New bookings, written together when they arrive together (db/grouped-writes.ts): one statement and one
 * commit for all that arrived while the last one ran, each booking answered only once its row is committed.
 * Rows go in by (product_id, buyer_email), the unique index's order, then by arrival: two instances never wait
 * on each other's rows in opposite orders, and of two bookings of one book by one buyer in one statement the
 * first to arrive is the one kept. Answers, per booking, whether its row was written: not when the buyer
 * already holds an open booking of the book (the partial unique index decides, even for requests in parallel).
 */
function groupedBookingInserts(db: Database): GroupedWrites<NewBooking & { id: string }, boolean> {
  return new GroupedWrites(async (rows) => {
    const json = JSON.stringify(
      rows.map((row, seq) => ({
        seq,
        id: row.id,
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
    const result = (await db.execute(sql`
      INSERT INTO bookings (id, product_id, buyer_id, buyer_email, buyer_name, buyer_uid, title, image_url,
        category_name, price, price_cents, phone, meeting_location, booked_at_text)
      SELECT id, product_id, buyer_id, buyer_email, buyer_name, buyer_uid, title, image_url,
        category_name, price, price_cents, phone, meeting_location, booked_at_text
      FROM jsonb_to_recordset(${json}::jsonb) AS b (seq integer, id text, product_id text, buyer_id text,
        buyer_email text, buyer_name text, buyer_uid text, title text, image_url text, category_name text,
        price text, price_cents integer, phone text, meeting_location text, booked_at_text text)
      ORDER BY product_id, buyer_email, seq
      ON CONFLICT DO NOTHING
      RETURNING id
    `)) as unknown as { rows: { id: string }[] };
    const written = new Set(result.rows.map((row) => row.id));
    return rows.map((row) => written.has(row.id));
  });
}

const bookingInsertsOf = perDatabase(groupedBookingInserts);

/**
 * Writes one booking (grouped with those arriving meanwhile) and answers its id, or undefined when the buyer
 * already holds an open booking of the book.
 */
export async function insertBooking(db: Database, booking: NewBooking): Promise<string | undefined> {
  const id = newId();
  return (await bookingInsertsOf(db).write({ ...booking, id })) ? id : undefined;
}
