import { bookingQueries } from '../api/bookings';
import { useAuth } from '@bookswap/contract/auth';
import { useApiQuery } from './use-api-query';

/**
 * The signed-in buyer's bookings, under the one key every booking write refreshes (`bookingKeys.all`): My Orders
 * lists them, the storefront's cards and details page show "Booked by you" from them.
 */
export function useMyBookings() {
  const { user, loading } = useAuth();
  // Not while a sign-in is still establishing: the access token may not be there yet, and a 401 would end it.
  const email = loading ? null : (user?.email ?? null);
  return useApiQuery(email ? bookingQueries.mine(email) : null);
}
