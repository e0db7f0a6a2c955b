import { productQueries, staysCurrent } from '@bookswap/shared/api';
import { useApiQuery } from '@bookswap/shared/ui';
import { useAuth } from '@bookswap/contract/auth';

/**
 * The signed-in seller's own listings, newest first (the server keeps that order). They refetch when the tab regains
 * focus, and when the bell sees a sale, a hidden or a deleted listing.
 */
export function useMyProducts() {
  const email = useAuth().user?.email;
  return useApiQuery(email ? productQueries.mine(email) : null, staysCurrent);
}
