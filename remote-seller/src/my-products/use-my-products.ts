import useSWR from 'swr';
import { getMyProducts, productKeys } from '@bookswap/shared/api';
import { useAuth } from '@bookswap/contract/auth';

/** The signed-in seller's own listings, newest first (the server keeps that order). */
export function useMyProducts() {
  const email = useAuth().user?.email;
  return useSWR(email ? productKeys.mine(email) : null, () => getMyProducts(email ?? ''));
}
