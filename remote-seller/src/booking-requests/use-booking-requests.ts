import useSWR from 'swr';
import { bookingKeys, getBookingRequests } from '@bookswap/shared/api';
import { useAuth } from '@bookswap/contract/auth';

/** Every booking of the signed-in seller's books, newest first (the server keeps that order). */
export function useBookingRequests() {
  const email = useAuth().user?.email;
  return useSWR(email ? bookingKeys.requests(email) : null, getBookingRequests);
}
