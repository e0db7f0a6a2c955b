import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { listsConcernedBy, mayRetry, notificationQueries, staysCurrent } from '@bookswap/shared/api';
import { useApiQuery } from '@bookswap/shared/ui';
import type { Notification } from '@bookswap/shared/schemas';
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
  return useApiQuery(email ? notificationQueries.mine(email) : null, {
    refreshInterval: NOTIFICATIONS_POLL_MS,
    // SWR dedupes its polls and focus checks: under the app's 5-minute freshness (product.md §9) they would all be
    // answered from the cache, so the bell keeps SWR's own short windows.
    ...staysCurrent,
    // SWR skips its polls while the last answer was an error, and the app's policy stops after 3 tries: the bell
    // keeps trying at its polling pace so it comes back after a server restart. A hidden tab stops; focus resumes it.
    onErrorRetry: (error, _key, config, revalidate, { retryCount }) => {
      if (!mayRetry(error) || !config.isVisible()) return;
      setTimeout(() => void revalidate({ retryCount }), NOTIFICATIONS_POLL_MS);
    },
  });
}

/**
 * When the bell sees notifications it had not seen, the lists they concern refetch: Booking Requests
 * shows a new booking while open, without a reload. The remotes' lists live in the shell's one SWR cache (swr is a
 * shared singleton), so the shell's `mutate` reaches them. The first answer refetches nothing: the lists on screen
 * have just loaded their own.
 */
export function useListsFollowNotifications(notifications: Notification[] | undefined) {
  const { mutate } = useSWRConfig();
  const seen = useRef<ReadonlySet<string> | null>(null);
  useEffect(() => {
    if (!notifications) return;
    const known = seen.current;
    seen.current = new Set(notifications.map((notification) => notification._id));
    if (!known) return;
    const news = notifications.filter((notification) => !known.has(notification._id));
    for (const list of listsConcernedBy(news.map((notification) => notification.kind))) void mutate(list);
  }, [notifications, mutate]);
}

/** The bell's accessible name: the count is what a screen reader user needs before opening the list. */
export function notificationsLabel(unread: number | undefined): string {
  return unread === undefined ? 'Notifications' : `Notifications, ${unread} unread`;
}
