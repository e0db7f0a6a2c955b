import { bookingQueries, staysCurrent } from '@bookswap/shared/api';
import { useApiQuery } from '@bookswap/shared/ui';
import type { BookingListPlace } from '@bookswap/shared/ui/tables';
import { useAuth } from '@bookswap/contract/auth';

/**
 * A page of the bookings of the signed-in seller's books, newest first (the server pages, filters and orders). It
 * refetches when the tab regains focus, and when the bell sees a new booking.
 */
export function useBookingRequests(place: BookingListPlace) {
  const email = useAuth().user?.email;
  return useApiQuery(email ? bookingQueries.requests(email, place) : null, {
    ...staysCurrent,
    // The last page stays on screen while the next loads, instead of a spinner in its place.
    keepPreviousData: true,
  });
}
