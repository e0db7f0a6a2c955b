import { HttpError } from '../errors/http-error';
import type { BookingLimits } from '../config';
import type { BookingRefused } from '../repositories/bookings-repository';

const MINUTE_MS = 60_000;

/**
 * A booking's refusal by a limit (BookingLimits in config.ts), as the client hears it: 429, since waiting is what lifts
 * it. The database judged it, in the booking's own statement (repositories/bookings-repository.ts).
 */
export function bookingRefusal(
  limits: BookingLimits,
  refused: Exclude<BookingRefused, { refused: 'already-booked' }>,
  now = Date.now(),
): HttpError {
  if (refused.refused === 'per-day') {
    return new HttpError(429, `You have made the ${limits.perDay} bookings a day allows; try again tomorrow`);
  }
  const coolDownEnds = refused.cancelledAt.getTime() + limits.coolDownMinutes * MINUTE_MS;
  // At least one: the database's clock said the cool-down still runs.
  const minutes = Math.max(1, Math.ceil((coolDownEnds - now) / MINUTE_MS));
  return new HttpError(
    429,
    `You cancelled your booking of this book a moment ago; you can book it again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
    'category_id',
  );
}
