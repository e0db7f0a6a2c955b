import useSWR from 'swr';
import { getReports, reportKeys } from '@bookswap/shared/api';

/** Every report, open or handled, for the admin's Report table. */
export function useReports() {
  return useSWR(reportKeys.list(), getReports);
}
