import { useEffect, useRef } from 'react';
import { messageQueries } from '../../api/booking-messages';
import { staysCurrent } from '../../api/swr-config';
import { writes } from '../../api/writes';
import type { BookingThread } from '../../schemas/booking-message';
import { useApiQuery } from '../use-api-query';
import { useInvalidate } from '../use-write';

/** How often an open thread asks for new messages: the bell's pace (decision 024). */
export const THREAD_POLL_MS = 15_000;

/**
 * A booking's thread while its dialog is open, kept current, and marked read whenever it shows messages the reader had
 * not read: the rows' counts and the bell's drop (decision 030).
 */
export function useBookingThread(bookingId: string | null) {
  const thread = useApiQuery(bookingId ? messageQueries.thread(bookingId) : null, {
    ...staysCurrent,
    refreshInterval: THREAD_POLL_MS,
  });
  const invalidate = useInvalidate();
  // The answer last looked at: a render with the same answer marks nothing again.
  const seen = useRef<BookingThread | null>(null);
  const data = thread.data;
  useEffect(() => {
    if (!bookingId) {
      seen.current = null;
      return;
    }
    if (!data || data.bookingId !== bookingId || seen.current === data) return;
    const opened = seen.current?.bookingId !== bookingId;
    seen.current = data;
    // Once per opening, and again when messages came in while it was open.
    if (!opened && data.unread === 0) return;
    const write = writes.markBookingThreadRead;
    // A failed mark leaves the counts as they were; the next opening tries again.
    void write.send(bookingId).then(
      () => invalidate(write),
      () => {},
    );
  }, [bookingId, data, invalidate]);
  return thread;
}
