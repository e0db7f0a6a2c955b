import useSWR from 'swr';
import { getNotifications, notificationKeys } from '@bookswap/shared/api';
import { useAuth } from '@bookswap/shared/auth';

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
    revalidateOnFocus: true,
  });
}

/** The bell's accessible name: the count is what a screen reader user needs before opening the list. */
export function notificationsLabel(unread: number | undefined): string {
  return unread === undefined ? 'Notifications' : `Notifications, ${unread} unread`;
}
