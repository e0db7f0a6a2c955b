import type { CreateBookingBody } from '../schemas';
import { inFamily } from './cache-keys';
import { apiRequest, query } from './api-client';

export const getMyBookings = (email: string) =>
  apiRequest(`/api/booking/list${query({ email })}`, { auth: true, answer: 'bookings' });

export const getBooking = (id: string) =>
  apiRequest(`/api/booking/list/${encodeURIComponent(id)}`, { auth: true, answer: 'booking' });

export const createBooking = (body: CreateBookingBody) =>
  apiRequest('/api/booking/create', { method: 'POST', auth: true, body, answer: 'inserted' });

/** Booking Requests: every booking of the signed-in seller's books, newest first. */
export const getBookingRequests = () => apiRequest('/api/booking/requests', { auth: true, answer: 'bookings' });

/** The booking's buyer withdraws it while it waits for payment. */
export const cancelBooking = (id: string) =>
  apiRequest(`/api/booking/cancel/${encodeURIComponent(id)}`, { method: 'PUT', auth: true, answer: 'updated' });

/** The book's seller turns down a booking waiting for payment. */
export const declineBooking = (id: string) =>
  apiRequest(`/api/booking/decline/${encodeURIComponent(id)}`, { method: 'PUT', auth: true, answer: 'updated' });

/** The book's seller marks a paid booking handed over. */
export const markBookingHandedOver = (id: string) =>
  apiRequest(`/api/booking/handover/${encodeURIComponent(id)}`, { method: 'PUT', auth: true, answer: 'updated' });

/** Cache keys of the booking GETs above; `all` after a booking or a payment. */
export const bookingKeys = {
  all: inFamily('bookings'),
  mine: (email: string) => ['bookings', 'mine', email] as const,
  detail: (id: string) => ['bookings', 'detail', id] as const,
  requests: (sellerEmail: string) => ['bookings', 'requests', sellerEmail] as const,
};
