import { userQueries } from '@bookswap/shared/api';
import { useApiQuery } from '@bookswap/shared/ui';
import { useAuth } from '@bookswap/contract/auth';

/**
 * The signed-in seller's user id, to tell their own listings by `sellerId`: the public lists carry no seller
 * email. Only sellers list books, so nobody else asks; null while unknown or for anyone else.
 */
export function useOwnSellerId(): string | null {
  const { user, role, loading } = useAuth();
  // Not while a sign-in is still establishing: the access token may not be there yet (as useMyBookings).
  const email = !loading && role === 'seller' ? (user?.email ?? null) : null;
  return useApiQuery(email ? userQueries.record(email) : null).data?._id ?? null;
}
