import type { SWRConfiguration } from 'swr';
import { ApiError } from './api-error';

/** product.md §9: 3 retries, backoff capped at 30 s, cached results fresh for 5 minutes. */
export const MAX_RETRIES = 3;
export const MAX_BACKOFF_MS = 30_000;
export const FRESH_FOR_MS = 5 * 60_000;

export function retryDelay(retryCount: number): number {
  return Math.min(1000 * 2 ** retryCount, MAX_BACKOFF_MS);
}

export const swrConfig: SWRConfiguration = {
  dedupingInterval: FRESH_FOR_MS,
  focusThrottleInterval: FRESH_FOR_MS,
  revalidateOnFocus: false,
  errorRetryCount: MAX_RETRIES,
  onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
    // A 4xx will answer the same again: only server and network failures are retried.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return;
    if (retryCount > MAX_RETRIES) return;
    setTimeout(() => void revalidate({ retryCount }), retryDelay(retryCount));
  },
};

/**
 * For lists that must stay current while open (the bell, My Orders, Booking Requests, My Product): they
 * refetch when the tab regains focus. SWR dedupes focus checks, so under the app's 5-minute freshness they would be
 * answered from the cache: these keep SWR's own short windows.
 */
export const staysCurrent: SWRConfiguration = {
  revalidateOnFocus: true,
  focusThrottleInterval: 5_000,
  dedupingInterval: 2_000,
};
