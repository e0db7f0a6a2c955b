import { useAuth } from '@bookswap/contract/auth';
import { savedSearchQueries } from '@bookswap/shared/api';
import { useApiQuery } from '@bookswap/shared/ui';

/** The signed-in person's saved searches, oldest first; a save or a delete refetches them. */
export function useSavedSearches() {
  const { user, loading } = useAuth();
  // Not while a sign-in is still establishing: the access token may not be there yet, and a 401 would end it.
  const email = loading ? null : user?.email;
  const load = useApiQuery(email ? savedSearchQueries.mine(email) : null);
  return { data: load.data, error: load.error as unknown, isLoading: load.isLoading, mutate: () => load.mutate() };
}
