import { defineRoute } from '@bookswap/contract/routing';

/**
 * The admin's reviews (decision 034), declared by this remote's release itself (docs/decisions/021): the shell learns
 * the path, its guard and its menu item from the release.
 */
export const REVIEWS_ROUTE = defineRoute('/dashboard/reviews', {
  owner: 'admin',
  layout: 'dashboard',
  access: 'admin',
  title: 'Reviews',
  menu: { place: 'dashboard', label: 'Reviews' },
});
