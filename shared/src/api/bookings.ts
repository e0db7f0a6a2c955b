import { z } from 'zod';
import { bookingSchema, insertResultSchema, type CreateBookingBody } from '../schemas';
import { inFamily } from './cache-keys';
import { apiRequest, query } from './api-client';

export const getMyBookings = (email: string) =>
  apiRequest(`/api/booking/list${query({ email })}`, { auth: true, schema: z.array(bookingSchema) });

export const getBooking = (id: string) =>
  apiRequest(`/api/booking/list/${encodeURIComponent(id)}`, { auth: true, schema: bookingSchema });

export const createBooking = (body: CreateBookingBody) =>
  apiRequest('/api/booking/create', { method: 'POST', auth: true, body, schema: insertResultSchema });

/** Cache keys of the booking GETs above; `all` after a booking or a payment. */
export const bookingKeys = {
  all: inFamily('bookings'),
  mine: (email: string) => ['bookings', 'mine', email] as const,
  detail: (id: string) => ['bookings', 'detail', id] as const,
};
