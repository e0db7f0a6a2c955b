import { productQueries } from '@bookswap/shared/api';
import { useApiQuery } from '@bookswap/shared/ui';

/** product.md §7: the Ads list, kept to the products that really are advertised. */
export function useAdvertisedProducts() {
  return useApiQuery(productQueries.advertised());
}
