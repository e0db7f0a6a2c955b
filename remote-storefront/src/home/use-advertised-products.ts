import { preloadQuery, productQueries } from '@bookswap/shared/api';
import { useApiQuery } from '@bookswap/shared/ui';

/** product.md §7: the Ads list, kept to the products that really are advertised. */
export function useAdvertisedProducts() {
  return useApiQuery(productQueries.advertised());
}

/**
 * The home route's loader: the ads are asked for as the navigation starts, beside the page's code, and the page's
 * hook takes that first answer up (on a cold load they showed about 2 s after the rest of the page).
 */
export function homeLoader(): null {
  preloadQuery(productQueries.advertised());
  return null;
}
