import type { CreateBookingBody } from '../schemas';
import { inFamily } from './cache-keys';
import { apiRequest, query } from './api-client';

export const getMyBookings = (email: string) =>
  apiRequest(`/api/booking/list${query({ email })}`, { auth: true, answer: 'bookings' });

export const getBooking = (id: string) =>
  apiRequest(`/api/booking/list/${encodeURIComponent(id)}`, { auth: true, answer: 'booking' });

export const createBooking = (body: CreateBookingBody) =>
  apiRequest('/api/booking/create', { method: 'POST', auth: true, body, answer: 'inserted' });

/** Cache keys of the booking GETs above; `all` after a booking or a payment. */
export const bookingKeys = {
  all: inFamily('bookings'),
  mine: (email: string) => ['bookings', 'mine', email] as const,
  detail: (id: string) => ['bookings', 'detail', id] as const,
};
