import { userQueries } from '@bookswap/shared/api';
import { useApiQuery } from '@bookswap/shared/ui';

/** The sellers or the buyers, as the admin lists show them. */
export function useUsersByRole(role: 'seller' | 'buyer') {
  return useApiQuery(userQueries.byRole(role));
}
