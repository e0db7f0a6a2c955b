import useSWR from 'swr';
import { getAdvertisedProducts } from '@bookswap/shared/api';

/** SPEC 7: the Ads list, kept to the products that really are advertised. */
export function useAdvertisedProducts() {
  return useSWR('/api/product/Ads/list', async () =>
    (await getAdvertisedProducts()).filter((product) => product.addADS),
  );
}
