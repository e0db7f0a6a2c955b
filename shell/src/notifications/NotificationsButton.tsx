import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import NotificationsOutlinedIcon from '@mui/icons-material/NotificationsOutlined';
import { lazy, Suspense } from 'react';
import { usePopupAnchor } from '../layout/use-popup-anchor';
import { notificationsLabel, useListsFollowNotifications, useNotifications } from './use-notifications';

// The list is its own chunk, loaded on the first press: the bell and its count are all a page load needs.
const NotificationsList = lazy(async () => ({ default: (await import('./NotificationsList')).NotificationsList }));

/** The top bar's bell for a signed-in user: the unread count (notifications and messages) on it and in its name, the list on a press (decision 024). */
export function NotificationsButton() {
  const { data } = useNotifications();
  // Unread messages count too (decision 030): reading a thread, not the list, clears those.
  const unread = data ? data.unread + data.unreadMessages : undefined;
  useListsFollowNotifications(data?.notifications);
  const { anchor, everOpened, openFrom, close } = usePopupAnchor();

  return (
    <>
      <IconButton
        aria-label={notificationsLabel(unread)}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : 'false'}
        onClick={openFrom}
      >
        <Badge badgeContent={unread} color="error" max={99}>
          <NotificationsOutlinedIcon />
        </Badge>
      </IconButton>
      {everOpened ? (
        <Suspense fallback={null}>
          <NotificationsList anchor={anchor} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
