import { bookingQueries, staysCurrent } from '@bookswap/shared/api';
import { useApiQuery } from '@bookswap/shared/ui';
import type { BookingListPlace } from '@bookswap/shared/ui/tables';
import { useAuth } from '@bookswap/contract/auth';

/**
 * A page of the signed-in person's bookings, newest first (the server pages, filters and orders). It refetches when
 * the tab regains focus, and when the bell sees a notification about a booking.
 */
export function useMyOrders(place: BookingListPlace) {
  const { user, loading } = useAuth();
  // Not while a sign-in is still establishing: the access token may not be there yet, and a 401 would end it.
  const email = loading ? null : user?.email;
  return useApiQuery(email ? bookingQueries.orders(email, place) : null, {
    ...staysCurrent,
    // The last page stays on screen while the next loads, instead of a spinner in its place.
    keepPreviousData: true,
  });
}
