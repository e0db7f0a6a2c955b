import { useDeferredValue } from 'react';

/**
 * A list's answer for a grid of cards, rendered in an interruptible background pass (`useDeferredValue`) so a
 * page of cards does not block typing or scrolling. `waiting` is true while no cards are shown yet: loading,
 * and also the moment between the answer's arrival and that pass, so the place kept for them stays.
 */
export function useDeferredCards<T>(
  latest: T | undefined,
  isLoading: boolean,
): { data: T | undefined; waiting: boolean } {
  const data = useDeferredValue(latest);
  return { data, waiting: isLoading || (latest !== undefined && data === undefined) };
}
