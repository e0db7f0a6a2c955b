import { formatDateTime } from '../../schemas/date-format';
import type { BookingReviews } from '../../schemas/review';

/** What a booking's row says of its reviews, in the reader's words; null while they may still write theirs. */
export function reviewStatusLine(state: BookingReviews): string | null {
  if (state.canWrite) return null;
  if (state.visible) return state.mine || state.theirs ? 'Reviews are in' : 'No reviews were written';
  if (state.mine && state.windowEndsAt) {
    return `Review sent, visible when ${state.otherName} has written or on ${formatDateTime(state.windowEndsAt)}`;
  }
  return null;
}
