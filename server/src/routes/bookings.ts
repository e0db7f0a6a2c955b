import { and, asc, eq } from 'drizzle-orm';
import {
  createBookingBodySchema,
  idParamsSchema,
  myBookingsQuerySchema,
  type InsertResult,
} from '@bookswap/shared/schemas';
import { newId } from '../db/ids';
import { bookings, products } from '../db/schema';
import { bookingToWire, longDateTime } from '../db/wire';
import { conflict, forbidden, notFound } from '../http/http-error';
import { defineRoute } from '../http/route';
import { centsOf } from './price';
import { publiclyVisible } from './visibility';

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
      return db.transaction(async (tx) => {
        const [product] = await tx
          .select()
          .from(products)
          .where(and(publiclyVisible(), eq(products.id, body.category_id)))
          .limit(1);
        if (!product) throw notFound('No product with this id');
        if (product.sold) throw conflict('This book is already sold', 'category_id');
        if (product.sellerId === caller.user.id) throw forbidden('You cannot book your own book');
        // One open booking per buyer and book: the partial unique index decides, even for requests in parallel.
        const [row] = await tx
          .insert(bookings)
          .values({
            id: newId(),
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
          })
          .onConflictDoNothing()
          .returning({ id: bookings.id });
        if (!row) throw conflict('You have already booked this book', 'category_id');
        reply.status(201);
        return { acknowledged: true, insertedId: row.id };
      });
    },
  }),
];
