import type { NotificationList, UpdateResult } from '@bookswap/shared/schemas';
import type { Database } from '../db/database';
import { forbidden, notFound } from '../errors/http-error';
import {
  countUnread,
  markAllNotificationsRead,
  markNotificationRead,
  notificationById,
  notificationsOf,
} from '../repositories/notifications-repository';
import { unreadMessageCount } from './booking-messages';
import type { SignedInCaller } from './callers';
import { notificationToWire } from './wire';

/** The list stays bounded; the unread count covers every notification. */
const NOTIFICATION_LIST_LIMIT = 50;

/** GET /api/notification/list: the caller's newest notifications, how many are unread, and their unread messages. */
export async function myNotifications(db: Database, caller: SignedInCaller): Promise<NotificationList> {
  const [rows, unread, unreadMessages] = await Promise.all([
    notificationsOf(db, caller.user.id, NOTIFICATION_LIST_LIMIT),
    countUnread(db, caller.user.id),
    unreadMessageCount(db, caller),
  ]);
  return { notifications: rows.map(notificationToWire), unread, unreadMessages };
}

/** PUT /api/notification/read/:id: one's own notification, once. */
export async function readNotification(db: Database, caller: SignedInCaller, id: string): Promise<UpdateResult> {
  const notification = await notificationById(db, id);
  if (!notification) throw notFound('No notification with this id');
  if (notification.userId !== caller.user.id) throw forbidden('You can only read your own notifications');
  return { acknowledged: true, modifiedCount: await markNotificationRead(db, id) };
}

/** PUT /api/notification/read-all: every unread notification of the caller's own, and no one else's. */
export async function readAllNotifications(db: Database, caller: SignedInCaller): Promise<UpdateResult> {
  return { acknowledged: true, modifiedCount: await markAllNotificationsRead(db, caller.user.id) };
}
