import { idParamsSchema, type NotificationList, type UpdateResult } from '@bookswap/shared/schemas';
import { defineRoute } from '../http/route';
import { myNotifications, readNotification } from '../services/notifications';

export const notificationRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/notification/list',
    access: 'user',
    rule: 'the caller’s own, newest 50, with the unread count',
    async handler({ caller }, { db }): Promise<NotificationList> {
      return myNotifications(db, caller);
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/api/notification/read/:id',
    access: 'user',
    rule: 'the caller’s own notification',
    rateLimit: 'write',
    params: idParamsSchema,
    async handler({ params, caller }, { db }): Promise<UpdateResult> {
      return readNotification(db, caller, params.id);
    },
  }),
];
