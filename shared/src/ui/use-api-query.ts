import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import { fetchQuery, type ApiQuery } from '../api/api-query';

/**
 * What a screen reads: its query's answer under the query's one cache key, which the route's loader may have started
 * (`preloadQuery`) and the writes refetch. `null` while the query cannot be asked yet (no signed-in person).
 */
export function useApiQuery<Data>(
  query: ApiQuery<Data> | null,
  config?: SWRConfiguration<NoInfer<Data>>,
): SWRResponse<Data> {
  return useSWR(query?.key ?? null, () => fetchQuery(query!), config);
}
