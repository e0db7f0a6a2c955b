import { messageQueries } from '@bookswap/shared/api';
import { useApiQuery } from '@bookswap/shared/ui';

/** The reports of messages, newest first (without the messages' words), as the admin's table loads them. */
export function useMessageReports() {
  const load = useApiQuery(messageQueries.reports());
  return { data: load.data, error: load.error as unknown, isLoading: load.isLoading, mutate: () => load.mutate() };
}
