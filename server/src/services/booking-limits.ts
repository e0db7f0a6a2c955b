import { HttpError } from '../errors/http-error';
import type { BookingLimits } from '../config';
import type { RecentBookings } from '../repositories/bookings-repository';

const MINUTE_MS = 60_000;

/** A booking's refusal by a limit (BookingLimits in config.ts), as the client hears it: 429, since waiting is what lifts it. */
export function bookingRefusal(limits: BookingLimits, recent: RecentBookings, now = Date.now()): HttpError | undefined {
  if (recent.madeToday >= limits.perDay) {
    return new HttpError(429, `You have made the ${limits.perDay} bookings a day allows; try again tomorrow`);
  }
  const coolDownEnds = (recent.lastCancelledAt?.getTime() ?? 0) + limits.coolDownMinutes * MINUTE_MS;
  if (coolDownEnds > now) {
    const minutes = Math.ceil((coolDownEnds - now) / MINUTE_MS);
    return new HttpError(
      429,
      `You cancelled your booking of this book a moment ago; you can book it again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
      'category_id',
    );
  }
  return undefined;
}
