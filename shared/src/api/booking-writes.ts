import type { CreateBookingBody } from '../schemas';
import { apiRequest } from './api-client';

// The calls that change bookings, sent only through `writes` (writes.ts): kept apart from the reads in bookings.ts so
// that a screen which only reads bookings ("Booked by you" on the book list) does not ship them.

export const createBooking = (body: CreateBookingBody) =>
  apiRequest('/api/booking/create', { method: 'POST', auth: true, body, answer: 'inserted' });

/** The booking's buyer withdraws it while it waits for payment. */
export const cancelBooking = (id: string) =>
  apiRequest(`/api/booking/cancel/${encodeURIComponent(id)}`, { method: 'PUT', auth: true, answer: 'updated' });

/** The book's seller turns down a booking waiting for payment. */
export const declineBooking = (id: string) =>
  apiRequest(`/api/booking/decline/${encodeURIComponent(id)}`, { method: 'PUT', auth: true, answer: 'updated' });

/** The book's seller marks a paid booking handed over. */
export const markBookingHandedOver = (id: string) =>
  apiRequest(`/api/booking/handover/${encodeURIComponent(id)}`, { method: 'PUT', auth: true, answer: 'updated' });
