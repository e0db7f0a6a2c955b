import useSWR from 'swr';
import { getNotifications, mayRetry, notificationKeys } from '@bookswap/shared/api';
import { useAuth } from '@bookswap/contract/auth';

/**
 * How often the bell asks for news. Polling, not a push channel (docs/decisions/024): SWR is already the client's
 * cache, no API instance holds a connection per open tab, and 15 s is well inside the 30 s the product allows.
 */
export const NOTIFICATIONS_POLL_MS = 15_000;

/** The signed-in person's newest notifications and unread count, refreshed every 15 s and when the tab regains focus. */
export function useNotifications() {
  const { user, loading } = useAuth();
  // Not while a sign-in is still establishing: the access token may not be there yet, and a 401 would end it.
  const email = loading ? null : user?.email;
  return useSWR(email ? notificationKeys.mine(email) : null, getNotifications, {
    refreshInterval: NOTIFICATIONS_POLL_MS,
    // SWR dedupes its polls and focus checks: under the app's 5-minute freshness (product.md §9) they would all be
    // answered from the cache, so the bell keeps SWR's own short windows.
    dedupingInterval: 2_000,
    revalidateOnFocus: true,
    focusThrottleInterval: 5_000,
    // SWR skips its polls while the last answer was an error, and the app's policy stops after 3 tries: the bell
    // keeps trying at its polling pace so it comes back after a server restart. A hidden tab stops; focus resumes it.
    onErrorRetry: (error, _key, config, revalidate, { retryCount }) => {
      if (!mayRetry(error) || !config.isVisible()) return;
      setTimeout(() => void revalidate({ retryCount }), NOTIFICATIONS_POLL_MS);
    },
  });
}

/** The bell's accessible name: the count is what a screen reader user needs before opening the list. */
export function notificationsLabel(unread: number | undefined): string {
  return unread === undefined ? 'Notifications' : `Notifications, ${unread} unread`;
}
