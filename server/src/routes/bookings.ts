import {
  createBookingBodySchema,
  idParamsSchema,
  myBookingsQuerySchema,
  type InsertResult,
} from '@bookswap/shared/schemas';
import { idAction } from '../http/id-action';
import { created, defineRoute } from '../http/route';
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
    handler: ({ query, caller }, { db, wire }) => myBookings(db, wire, caller, query.email),
  }),

  defineRoute({
    method: 'GET',
    url: '/api/booking/list/:id',
    access: 'user',
    rule: 'own booking, or admin',
    params: idParamsSchema,
    handler: ({ params, caller }, { db, wire }) => bookingFor(db, wire, caller, params.id),
  }),

  defineRoute({
    method: 'POST',
    url: '/api/booking/create',
    access: 'user',
    rule: 'not the caller’s own product; name, image and price copied from the product',
    rateLimit: 'write',
    body: createBookingBodySchema,
    handler: ({ body, caller, reply }, { db }): Promise<InsertResult> => created(reply, bookBook(db, caller, body)),
  }),

  defineRoute({
    method: 'GET',
    url: '/api/booking/requests',
    access: 'seller',
    rule: 'the bookings of the caller’s own books, newest first',
    handler: ({ caller }, { db, wire }) => bookingRequests(db, wire, caller),
  }),

  idAction({
    method: 'PUT',
    url: '/api/booking/cancel/:id',
    access: 'user',
    rule: 'the booking’s buyer, while it waits for payment; the seller is told',
    run: cancelBooking,
  }),

  idAction({
    method: 'PUT',
    url: '/api/booking/decline/:id',
    access: 'seller',
    rule: 'the book’s seller, while the booking waits for payment; the buyer is told',
    run: declineBooking,
  }),

  idAction({
    method: 'PUT',
    url: '/api/booking/handover/:id',
    access: 'seller',
    rule: 'the book’s seller, once the booking is paid',
    run: markHandedOver,
  }),
];
