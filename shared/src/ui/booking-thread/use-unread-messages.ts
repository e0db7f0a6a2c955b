import { useAuth } from '@bookswap/contract/auth';
import { messageQueries } from '../../api/booking-messages';
import { staysCurrent } from '../../api/swr-config';
import { useApiQuery } from '../use-api-query';
import { THREAD_POLL_MS } from './use-booking-thread';

/**
 * The signed-in person's unread messages per booking, for the rows' Messages buttons: kept current at the bell's pace
 * while the list is open. A failed count shows none; the thread itself says when it cannot load.
 */
export function useUnreadMessages(): (bookingId: string) => number {
  const { user, loading } = useAuth();
  // Not while a sign-in is still establishing: the access token may not be there yet, and a 401 would end it.
  const email = loading ? null : user?.email;
  const { data } = useApiQuery(email ? messageQueries.unread(email) : null, {
    ...staysCurrent,
    refreshInterval: THREAD_POLL_MS,
  });
  return (bookingId) => data?.threads.find((thread) => thread.bookingId === bookingId)?.unread ?? 0;
}
