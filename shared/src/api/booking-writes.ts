import type { CreateBookingBody } from '../schemas';
import { apiRequest } from './api-client';
import { API_CALLS, apiPath } from '../schemas/api-calls';

const { createBooking: create, cancelBooking: cancel, declineBooking: decline, handOverBooking: handOver } = API_CALLS;

// The calls that change bookings, sent only through `writes` (writes.ts): kept apart from the reads in bookings.ts so
// that a screen which only reads bookings ("Booked by you" on the book list) does not ship them.

export const createBooking = (body: CreateBookingBody) =>
  apiRequest(apiPath(create), { method: create.method, auth: true, body, answer: create.answer });

/** The booking's buyer withdraws it while it waits for payment. */
export const cancelBooking = (id: string) =>
  apiRequest(apiPath(cancel, { id }), { method: cancel.method, auth: true, answer: cancel.answer });

/** The book's seller turns down a booking waiting for payment. */
export const declineBooking = (id: string) =>
  apiRequest(apiPath(decline, { id }), { method: decline.method, auth: true, answer: decline.answer });

/** The book's seller marks a paid booking handed over. */
export const markBookingHandedOver = (id: string) =>
  apiRequest(apiPath(handOver, { id }), { method: handOver.method, auth: true, answer: handOver.answer });
