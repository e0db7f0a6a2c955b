import { reportQueries } from '@bookswap/shared/api';
import { useApiQuery } from '@bookswap/shared/ui';

/** Every report, open or handled, for the admin's Report table. */
export function useReports() {
  return useApiQuery(reportQueries.list());
}
