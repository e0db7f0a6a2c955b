import useSWR from 'swr';
import { getUsersByRole, userKeys } from '@bookswap/shared/api';

/** The sellers or the buyers, as the admin lists show them. */
export function useUsersByRole(role: 'seller' | 'buyer') {
  return useSWR(userKeys.byRole(role), () => getUsersByRole(role));
}
