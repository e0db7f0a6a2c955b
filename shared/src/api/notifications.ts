import { inFamily } from './cache-keys';
import { apiRequest } from './api-client';

/** The signed-in person's newest notifications and how many are unread. */
export const getNotifications = () => apiRequest('/api/notification/list', { auth: true, answer: 'notifications' });

export const markNotificationRead = (id: string) =>
  apiRequest(`/api/notification/read/${encodeURIComponent(id)}`, { method: 'PUT', auth: true, answer: 'updated' });

export const notificationKeys = {
  all: inFamily('notifications'),
  mine: (email: string) => ['notifications', 'mine', email] as const,
};
