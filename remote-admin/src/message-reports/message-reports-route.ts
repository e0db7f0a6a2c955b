import { defineRoute } from '@bookswap/contract/routing';

/**
 * The admin's reported messages (decision 030), declared by this remote's release itself (docs/decisions/021): the
 * shell learns the path, its guard and its menu item from the release.
 */
export const MESSAGE_REPORTS_ROUTE = defineRoute('/dashboard/message-reports', {
  owner: 'admin',
  layout: 'dashboard',
  access: 'admin',
  title: 'Reported Messages',
  menu: { place: 'dashboard', label: 'Messages' },
});
