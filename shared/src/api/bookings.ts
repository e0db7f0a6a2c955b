import type { BookingPageQuery } from '../schemas';
import { apiQuery } from './api-query';
import { inFamily } from './cache-keys';
import { apiRequest, query } from './api-client';
import { API_CALLS, apiPath } from '../schemas/api-calls';

const { myBookings, booking, myOrders, bookingRequests } = API_CALLS;

export const getMyBookings = (email: string) =>
  apiRequest(`${apiPath(myBookings)}${query({ email })}`, { auth: true, answer: myBookings.answer });

export const getBooking = (id: string) => apiRequest(apiPath(booking, { id }), { auth: true, answer: booking.answer });

/** A page's query as the URL carries it, defaults left out so one page has one cache key. */
const bookingPageParams = (page: BookingPageQuery) =>
  query({
    page: page.page,
    size: page.size,
    status: page.status,
    sort: page.sort === 'oldest' ? page.sort : undefined,
  });

/** My Orders: a page of the signed-in person's own bookings, newest first, optionally of one status. */
export const getMyOrders = (page: BookingPageQuery) =>
  apiRequest(`${apiPath(myOrders)}${bookingPageParams(page)}`, { auth: true, answer: myOrders.answer });

/** Booking Requests: a page of the bookings of the signed-in seller's books, newest first, optionally of one status. */
export const getBookingRequests = (page: BookingPageQuery) =>
  apiRequest(`${apiPath(bookingRequests)}${bookingPageParams(page)}`, {
    auth: true,
    answer: bookingRequests.answer,
  });

/** Cache keys of the booking GETs above; `all` after a booking or a payment. */
export const bookingKeys = {
  all: inFamily('bookings'),
  mine: (email: string) => ['bookings', 'mine', email] as const,
  detail: (id: string) => ['bookings', 'detail', id] as const,
  orders: (email: string, page: BookingPageQuery) => ['bookings', 'orders', email, bookingPageParams(page)] as const,
  /** Every cached page of one person's My Orders. */
  ordersOf: (email: string) => (key: unknown) =>
    Array.isArray(key) && key[0] === 'bookings' && key[1] === 'orders' && key[2] === email,
  requests: (sellerEmail: string, page: BookingPageQuery) =>
    ['bookings', 'requests', sellerEmail, bookingPageParams(page)] as const,
};

/** What screens read of bookings: each query's key beside its call, for the screen's hook and its route's loader. */
export const bookingQueries = {
  mine: (email: string) => apiQuery(bookingKeys.mine(email), () => getMyBookings(email)),
  detail: (id: string) => apiQuery(bookingKeys.detail(id), () => getBooking(id)),
  orders: (email: string, page: BookingPageQuery) => apiQuery(bookingKeys.orders(email, page), () => getMyOrders(page)),
  requests: (sellerEmail: string, page: BookingPageQuery) =>
    apiQuery(bookingKeys.requests(sellerEmail, page), () => getBookingRequests(page)),
};
