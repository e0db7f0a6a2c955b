import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { writes } from '@bookswap/shared/api';
import type { Notification } from '@bookswap/shared/schemas';
import { LoadError, LoadingSpinner, notifyError, useInvalidate } from '@bookswap/shared/ui';
import { useNotifications } from './use-notifications';

export interface NotificationsListProps {
  anchor: HTMLElement | null;
  onClose(): void;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

function NotificationItem({ notification, onChoose }: { notification: Notification; onChoose(): void }) {
  const bodyId = useId();
  const dateId = useId();
  return (
    <ListItemButton
      onClick={onChoose}
      divider
      sx={{ display: 'block', bgcolor: notification.read ? undefined : 'action.hover' }}
      // Bold does not reach a screen reader, so the name says Unread; the name replaces the button's text, so the
      // details (a buyer's phone, a meeting place) come back as its description.
      aria-label={`${notification.read ? '' : 'Unread: '}${notification.title}`}
      aria-describedby={`${bodyId} ${dateId}`}
    >
      <Typography variant="subtitle2" component="p" sx={{ fontWeight: notification.read ? 400 : 700 }}>
        {notification.title}
      </Typography>
      <Typography
        id={bodyId}
        variant="body2"
        color="text.secondary"
        sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
      >
        {notification.body}
      </Typography>
      <Typography id={dateId} variant="caption" color="text.secondary">
        {when(notification.createdAt)}
      </Typography>
    </ListItemButton>
  );
}

/** The bell's list, newest first: choosing one marks it read and opens the screen it concerns. */
export function NotificationsList({ anchor, onClose }: NotificationsListProps) {
  const notifications = useNotifications();
  const invalidate = useInvalidate();
  const navigate = useNavigate();

  const choose = (notification: Notification) => {
    onClose();
    if (!notification.read)
      // The count drops when the server has it; a failure says so, and the link still opens.
      writes.markNotificationRead
        .send(notification._id)
        .catch(notifyError)
        .finally(() => void invalidate(writes.markNotificationRead));
    void navigate(notification.link);
  };

  return (
    <Popover
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': 'notifications-title',
          sx: { width: 'min(360px, calc(100vw - 32px))', maxHeight: '70vh' },
        },
      }}
    >
      <Typography id="notifications-title" variant="h6" component="h2" sx={{ px: 2, pt: 1.5, pb: 1 }}>
        Notifications
      </Typography>
      {notifications.error ? (
        <Box sx={{ px: 2 }}>
          <LoadError
            error={notifications.error}
            what="Your notifications"
            onRetry={() => void notifications.mutate()}
          />
        </Box>
      ) : !notifications.data ? (
        <LoadingSpinner label="Loading your notifications" />
      ) : notifications.data.notifications.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          No notifications yet
        </Typography>
      ) : (
        <List disablePadding aria-labelledby="notifications-title">
          {notifications.data.notifications.map((notification) => (
            <NotificationItem
              key={notification._id}
              notification={notification}
              onChoose={() => choose(notification)}
            />
          ))}
        </List>
      )}
    </Popover>
  );
}
