import {
  createBookingBodySchema,
  idParamsSchema,
  myBookingsQuerySchema,
  type InsertResult,
} from '@bookswap/shared/schemas';
import { defineRoute } from '../http/route';
import { bookBook, bookingFor, myBookings } from '../services/bookings';

export const bookingRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/booking/list',
    access: 'user',
    rule: '?email= must be the caller’s own',
    query: myBookingsQuerySchema,
    async handler({ query, caller }, { db, wire }) {
      return myBookings(db, wire, caller, query.email);
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/booking/list/:id',
    access: 'user',
    rule: 'own booking, or admin',
    params: idParamsSchema,
    async handler({ params, caller }, { db, wire }) {
      return bookingFor(db, wire, caller, params.id);
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
      const booked = await bookBook(db, caller, body);
      reply.status(201);
      return booked;
    },
  }),
];
