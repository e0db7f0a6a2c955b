import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '@bookswap/contract/auth';
import { ROUTES } from '@bookswap/contract/routing';
import { writes } from '@bookswap/shared/api';
import type { Notification } from '@bookswap/shared/schemas';
import {
  LoadError,
  LoadingSpinner,
  formatDateTime,
  notifyError,
  timeZoneName,
  useInvalidate,
} from '@bookswap/shared/ui';
import { useNotifications } from './use-notifications';

export interface NotificationsListProps {
  anchor: HTMLElement | null;
  onClose(): void;
}

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
        {formatDateTime(notification.createdAt)}
      </Typography>
    </ListItemButton>
  );
}

/**
 * The bell counts unread messages too (decision 030), which a notification's "read" does not clear: a line says how
 * many and opens the screen whose rows hold the threads (Booking Requests for a seller, My Orders for a buyer).
 */
function UnreadMessagesItem({ count, onChoose }: { count: number; onChoose(to: string): void }) {
  const { role } = useAuth();
  const screen = role === 'seller' ? ROUTES.bookingRequests : ROUTES.myOrders;
  const text = `${count} unread ${count === 1 ? 'message' : 'messages'} in your bookings`;
  return (
    <ListItemButton onClick={() => onChoose(screen.href())} divider sx={{ bgcolor: 'action.hover' }}>
      <Typography variant="subtitle2" component="p" sx={{ fontWeight: 700 }}>
        {text}
      </Typography>
    </ListItemButton>
  );
}

/** The bell's list, newest first: choosing one marks it read and opens the screen it concerns. */
export function NotificationsList({ anchor, onClose }: NotificationsListProps) {
  const notifications = useNotifications();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const [markingAll, setMarkingAll] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  const unread = notifications.data?.unread ?? 0;

  const markAllRead = () => {
    // The button is disabled from the press on, which would drop the focus out of the list (and a keyboard user's
    // Escape with it) until the server answers: it moves to the list's title first.
    title.current?.focus();
    setMarkingAll(true);
    // The count drops to 0 when the server has it; a failure says so.
    writes.markAllNotificationsRead
      .send(undefined)
      .catch(notifyError)
      .finally(() => {
        setMarkingAll(false);
        void invalidate(writes.markAllNotificationsRead);
      });
  };

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
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, pt: 1.5, pb: 1 }}>
        <Typography
          ref={title}
          id="notifications-title"
          tabIndex={-1}
          variant="h6"
          component="h2"
          sx={{ outline: 'none' }}
        >
          Notifications
        </Typography>
        <Button size="small" disabled={unread === 0 || markingAll} onClick={markAllRead}>
          Mark all read
        </Button>
      </Box>
      {/* Every time below is in the reader's zone, named once here. */}
      {notifications.data && notifications.data.notifications.length > 0 && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 2, pb: 1 }}>
          Times in {timeZoneName()}
        </Typography>
      )}
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
      ) : notifications.data.notifications.length === 0 && notifications.data.unreadMessages === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          No notifications yet
        </Typography>
      ) : (
        <List disablePadding aria-labelledby="notifications-title">
          {notifications.data.unreadMessages > 0 && (
            <UnreadMessagesItem
              count={notifications.data.unreadMessages}
              onChoose={(to) => {
                onClose();
                void navigate(to);
              }}
            />
          )}
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
