import { defineRoute } from '@bookswap/contract/routing';

/**
 * The admin's undelivered emails, declared by this remote's release itself (docs/decisions/021): the shell learns the
 * path, its guard and its menu item from the release, so the screen ships without a shell or contract release.
 */
export const DEAD_LETTERS_ROUTE = defineRoute('/dashboard/mail', {
  owner: 'admin',
  layout: 'dashboard',
  access: 'admin',
  title: 'Undelivered Mail',
  menu: { place: 'dashboard', label: 'Mail' },
});
