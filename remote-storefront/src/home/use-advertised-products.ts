import useSWR, { preload } from 'swr';
import { getAdvertisedProducts, productKeys } from '@bookswap/shared/api';

/** product.md §7: the Ads list, kept to the products that really are advertised. */
async function advertisedProducts() {
  return (await getAdvertisedProducts()).filter((product) => product.addADS);
}

export function useAdvertisedProducts() {
  return useSWR(productKeys.advertised(), advertisedProducts);
}

/**
 * The home route's loader: the ads are asked for as the navigation starts, beside the page's code, and the page's
 * hook takes that first answer up (issue 22: they showed about 2 s after the rest on a cold load).
 */
export function homeLoader(): null {
  // A failure is the page's to show (its hook reads the same request): nothing to report here.
  preload(productKeys.advertised(), advertisedProducts).catch(() => {});
  return null;
}
