import { API_CALLS, type NotificationList, type UpdateResult } from '@bookswap/shared/schemas';
import { served } from '../http/api-call';
import { idAction } from '../http/id-action';
import { defineRoute } from '../http/route';
import { myNotifications, readAllNotifications, readNotification } from '../services/notifications';

export const notificationRoutes = [
  defineRoute({
    ...served(API_CALLS.notifications),
    access: 'user',
    rule: 'the caller’s own, newest 50, with the unread count and the count of unread messages in their booking threads',
    handler: ({ caller }, { db }): Promise<NotificationList> => myNotifications(db, caller),
  }),

  defineRoute({
    ...served(API_CALLS.readAllNotifications),
    access: 'user',
    rule: 'every unread notification of the caller’s own',
    rateLimit: 'write',
    handler: ({ caller }, { db }): Promise<UpdateResult> => readAllNotifications(db, caller),
  }),

  idAction({
    ...served(API_CALLS.readNotification),
    access: 'user',
    rule: 'the caller’s own notification',
    run: readNotification,
  }),
];
