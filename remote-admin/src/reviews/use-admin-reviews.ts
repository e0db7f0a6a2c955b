import { reviewQueries } from '@bookswap/shared/api';
import { useApiQuery } from '@bookswap/shared/ui';

/** The newest reviews, hidden ones too, as the admin's table loads them. */
export function useAdminReviews() {
  const load = useApiQuery(reviewQueries.admin());
  return { data: load.data, error: load.error as unknown, isLoading: load.isLoading, mutate: () => load.mutate() };
}
