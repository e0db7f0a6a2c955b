import { releaseQueries } from '@bookswap/shared/api';
import { useApiQuery } from '@bookswap/shared/ui';

/** How often the figures are asked for again while the screen is open. */
export const REFRESH_MS = 30_000;

/**
 * Every remote's releases with their figures, asked for again every 30 s. The product's 5-minute deduplication
 * would turn each refresh into a reuse of the first answer, so this one call dedupes for a moment only.
 */
export function useReleaseOverview() {
  return useApiQuery(releaseQueries.overview(), { refreshInterval: REFRESH_MS, dedupingInterval: 2_000 });
}
