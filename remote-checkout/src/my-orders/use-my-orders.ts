import useSWR from 'swr';
import { bookingKeys, getMyBookings } from '@bookswap/shared/api';
import { useAuth } from '@bookswap/shared/auth';

/**
 * The signed-in user's bookings. The key is the one the storefront's booking modal refreshes (through
 * `bookingKeys.all`), so a booking made there shows here without a reload.
 */
export function useMyOrders() {
  const email = useAuth().user?.email ?? null;
  return useSWR(email ? bookingKeys.mine(email) : null, () => getMyBookings(email!));
}
