import type { NotificationList, UpdateResult } from '@bookswap/shared/schemas';
import { idAction } from '../http/id-action';
import { defineRoute } from '../http/route';
import { myNotifications, readAllNotifications, readNotification } from '../services/notifications';

export const notificationRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/notification/list',
    access: 'user',
    rule: 'the caller’s own, newest 50, with the unread count and the count of unread messages in their booking threads',
    handler: ({ caller }, { db }): Promise<NotificationList> => myNotifications(db, caller),
  }),

  defineRoute({
    method: 'PUT',
    url: '/api/notification/read-all',
    access: 'user',
    rule: 'every unread notification of the caller’s own',
    rateLimit: 'write',
    handler: ({ caller }, { db }): Promise<UpdateResult> => readAllNotifications(db, caller),
  }),

  idAction({
    method: 'PUT',
    url: '/api/notification/read/:id',
    access: 'user',
    rule: 'the caller’s own notification',
    run: readNotification,
  }),
];
