import {
  API_CALLS,
  bookingPageQuerySchema,
  createBookingBodySchema,
  idParamsSchema,
  myBookingsQuerySchema,
  type InsertResult,
} from '@bookswap/shared/schemas';
import { served } from '../http/api-call';
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
  myOrders,
} from '../services/bookings';

export const bookingRoutes = [
  defineRoute({
    ...served(API_CALLS.myBookings),
    access: 'user',
    rule: '?email= must be the caller’s own',
    query: myBookingsQuerySchema,
    handler: ({ query, caller }, { db, wire }) => myBookings(db, wire, caller, query.email),
  }),

  defineRoute({
    ...served(API_CALLS.myOrders),
    access: 'user',
    rule: 'a page of the caller’s own bookings, newest first, by ?page=&size=&status=&sort=',
    query: bookingPageQuerySchema,
    handler: ({ query, caller }, { db, wire }) => myOrders(db, wire, caller, query),
  }),

  defineRoute({
    ...served(API_CALLS.booking),
    access: 'user',
    rule: 'own booking, or admin',
    params: idParamsSchema,
    handler: ({ params, caller }, { db, wire }) => bookingFor(db, wire, caller, params.id),
  }),

  defineRoute({
    ...served(API_CALLS.createBooking),
    access: 'user',
    rule: 'not the caller’s own product; BOOKINGS_PER_DAY per buyer, and a cool-down on a book they just cancelled; name, image and price copied from the product',
    rateLimit: 'write',
    body: createBookingBodySchema,
    handler: ({ body, caller, reply }, { db, config }): Promise<InsertResult> =>
      created(reply, bookBook(db, config.bookingLimits, caller, body)),
  }),

  defineRoute({
    ...served(API_CALLS.bookingRequests),
    access: 'seller',
    rule: 'a page of the bookings of the caller’s own books, newest first, by ?page=&size=&status=&sort=',
    query: bookingPageQuerySchema,
    handler: ({ query, caller }, { db, wire }) => bookingRequests(db, wire, caller, query),
  }),

  idAction({
    ...served(API_CALLS.cancelBooking),
    access: 'user',
    rule: 'the booking’s buyer, while it waits for payment; the seller is told',
    run: cancelBooking,
  }),

  idAction({
    ...served(API_CALLS.declineBooking),
    access: 'seller',
    rule: 'the book’s seller, while the booking waits for payment; the buyer is told',
    run: declineBooking,
  }),

  idAction({
    ...served(API_CALLS.handOverBooking),
    access: 'seller',
    rule: 'the book’s seller, once the booking is paid',
    run: markHandedOver,
  }),
];
