import { asc, eq, sql } from 'drizzle-orm';
import {
  createBookingBodySchema,
  idParamsSchema,
  myBookingsQuerySchema,
  type InsertResult,
} from '@bookswap/shared/schemas';
import type { Database } from '../db/database';
import { GroupedWrites } from '../db/grouped-writes';
import { perDatabase } from '../db/per-database';
import { newId } from '../db/ids';
import { bookings } from '../db/schema';
import { visibleListing } from '../catalog/public-lists';
import { bookingToWire, longDateTime } from '../db/wire';
import { conflict, forbidden, notFound } from '../http/http-error';
import { defineRoute } from '../http/route';
import { centsOf } from './price';

/** What a new booking row is made of; the database fills in `paid` (false) and `created_at`. */
type NewBooking = Omit<typeof bookings.$inferInsert, 'paid' | 'createdAt'>;

/**
 * New bookings, written together when they arrive together (db/grouped-writes.ts): one statement and one
 * commit for all that arrived while the last one ran, each booking answered only once its row is committed.
 * Rows go in by (product_id, buyer_email), the unique index's order, then by arrival: two instances never wait
 * on each other's rows in opposite orders, and of two bookings of one book by one buyer in one statement the
 * first to arrive is the one kept. Answers, per booking, whether its row was written: not when the buyer
 * already holds an open booking of the book (the partial unique index decides, even for requests in parallel).
 */
function groupedBookingInserts(db: Database): GroupedWrites<NewBooking, boolean> {
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

/** Writes one booking (grouped with those arriving meanwhile); false when the buyer already holds one of the book. */
function insertBooking(db: Database, booking: NewBooking): Promise<boolean> {
  return bookingInsertsOf(db).write(booking);
}

export const bookingRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/booking/list',
    access: 'user',
    rule: '?email= must be the caller’s own',
    query: myBookingsQuerySchema,
    async handler({ query, caller }, { db, wire }) {
      if (query.email !== caller.user.email) throw forbidden('You can only list your own bookings');
      const rows = await db
        .select()
        .from(bookings)
        .where(eq(bookings.buyerEmail, caller.user.email))
        .orderBy(asc(bookings.createdAt), asc(bookings.id));
      return rows.map((row) => bookingToWire(row, wire));
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/booking/list/:id',
    access: 'user',
    rule: 'own booking, or admin',
    params: idParamsSchema,
    async handler({ params, caller }, { db, wire }) {
      const [row] = await db.select().from(bookings).where(eq(bookings.id, params.id)).limit(1);
      if (!row) throw notFound('No booking with this id');
      if (caller.user.role !== 'admin' && row.buyerEmail !== caller.user.email) {
        throw forbidden('You can only read your own bookings');
      }
      return bookingToWire(row, wire);
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/booking/create',
    access: 'user',
    rule: 'not the caller’s own product; name, image and price copied from the product',
    rateLimit: 'write',
    body: createBookingBodySchema,
    async handler({ body, caller, reply }, { db }): Promise<InsertResult> {
      // The listing as of a read that started after this request arrived (cached under the catalog version).
      // No transaction around it and the insert: one would hold no lock and change nothing (READ COMMITTED,
      // no FOR UPDATE), only cost two more round trips.
      const product = await visibleListing(db, body.category_id);
      if (!product) throw notFound('No product with this id');
      if (product.sold) throw conflict('This book is already sold', 'category_id');
      if (product.sellerId === caller.user.id) throw forbidden('You cannot book your own book');
      const id = newId();
      const written = await insertBooking(db, {
        id,
        productId: product.id,
        buyerId: caller.user.id,
        buyerEmail: caller.user.email,
        buyerName: caller.user.name,
        buyerUid: caller.uid,
        title: product.title,
        imageUrl: product.imageUrl,
        categoryName: product.categoryName,
        price: product.resalePrice,
        priceCents: centsOf(product.resalePrice),
        phone: body.phone,
        meetingLocation: body.meetingLocation,
        // Display text only; the booking's real time is created_at.
        bookedAtText: body.bookDate || longDateTime(new Date()),
      });
      if (!written) throw conflict('You have already booked this book', 'category_id');
      reply.status(201);
      return { acknowledged: true, insertedId: id };
    },
  }),
];
