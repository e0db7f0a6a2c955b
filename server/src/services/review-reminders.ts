import { REVIEW_PARTIES, REVIEW_WINDOW_DAYS } from '@bookswap/shared/schemas';
import type { Database } from '../db/database';
import { handedOverBetween, markReminderSent, partiesDone, partyKey } from '../repositories/reviews-repository';
import { reviewNotice, type Notice } from './notices';
import { notify, sellerOf } from './notify';
import { daysBefore, REVIEW_REMINDER_DAY, reviewWindowEnd } from './review-window';
import { runPeriodically } from './periodic-job';

/** Bookings looked at per round: a backlog is worked through over the next rounds. */
const REMINDER_BATCH = 200;

/**
 * One round of reminders (decision 034): each party of a booking handed over REVIEW_REMINDER_DAY to 14 days ago who
 * has neither written their review nor been reminded gets one notice and email. Each reminder is marked in the same
 * transaction as its notice (`review_reminders`' key), so instances running rounds at once send it once
 * (decision 064). Answers how many were sent.
 */
export async function remindReviewers(db: Database, now = new Date()): Promise<number> {
  const due = await handedOverBetween(
    db,
    daysBefore(now, REVIEW_WINDOW_DAYS),
    daysBefore(now, REVIEW_REMINDER_DAY),
    REMINDER_BATCH,
  );
  const done = await partiesDone(
    db,
    due.map((booking) => booking.id),
  );
  let sent = 0;
  for (const booking of due) {
    for (const party of REVIEW_PARTIES) {
      if (done.has(partyKey(booking.id, party))) continue;
      sent += await db.transaction(async (tx) => {
        const recipient =
          party === 'buyer'
            ? booking.buyerId
              ? { id: booking.buyerId, email: booking.buyerEmail }
              : null
            : await sellerOf(tx, booking);
        if (!recipient || !(await markReminderSent(tx, booking.id, party))) return 0;
        const notice: Notice = reviewNotice(
          'review-reminder',
          booking,
          { ...recipient, party },
          reviewWindowEnd(booking.handedOverAt!),
        );
        await notify(tx, [notice]);
        return 1;
      });
    }
  }
  return sent;
}

/** Runs a round every `intervalMs` on this instance, one at a time; `stop` waits for a round under way. */
export function startReviewReminders(options: { db: Database; intervalMs: number; onError(error: unknown): void }): {
  stop(): Promise<void>;
} {
  return runPeriodically(options.intervalMs, () => remindReviewers(options.db), options.onError);
}
