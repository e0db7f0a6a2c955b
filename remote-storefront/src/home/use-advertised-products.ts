import useSWR from 'swr';
import { getAdvertisedProducts, productKeys } from '@bookswap/shared/api';

/** product.md §7: the Ads list, kept to the products that really are advertised. */
export function useAdvertisedProducts() {
  return useSWR(productKeys.advertised(), async () =>
    (await getAdvertisedProducts()).filter((product) => product.addADS),
  );
}
