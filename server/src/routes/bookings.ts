import {
  createBookingBodySchema,
  idParamsSchema,
  myBookingsQuerySchema,
  type InsertResult,
  type UpdateResult,
} from '@bookswap/shared/schemas';
import { defineRoute } from '../http/route';
import {
  bookBook,
  bookingFor,
  bookingRequests,
  cancelBooking,
  declineBooking,
  markHandedOver,
  myBookings,
} from '../services/bookings';

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

  defineRoute({
    method: 'GET',
    url: '/api/booking/requests',
    access: 'seller',
    rule: 'the bookings of the caller’s own books, newest first',
    async handler({ caller }, { db, wire }) {
      return bookingRequests(db, wire, caller);
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/api/booking/cancel/:id',
    access: 'user',
    rule: 'the booking’s buyer, while it waits for payment; the seller is told',
    rateLimit: 'write',
    params: idParamsSchema,
    async handler({ params, caller }, { db }): Promise<UpdateResult> {
      return cancelBooking(db, caller, params.id);
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/api/booking/decline/:id',
    access: 'seller',
    rule: 'the book’s seller, while the booking waits for payment; the buyer is told',
    rateLimit: 'write',
    params: idParamsSchema,
    async handler({ params, caller }, { db }): Promise<UpdateResult> {
      return declineBooking(db, caller, params.id);
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/api/booking/handover/:id',
    access: 'seller',
    rule: 'the book’s seller, once the booking is paid',
    rateLimit: 'write',
    params: idParamsSchema,
    async handler({ params, caller }, { db }): Promise<UpdateResult> {
      return markHandedOver(db, caller, params.id);
    },
  }),
];
