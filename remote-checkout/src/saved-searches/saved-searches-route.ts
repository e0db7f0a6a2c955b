import { defineRoute } from '@bookswap/contract/routing';
import { SAVED_SEARCHES_PATH } from '@bookswap/shared/api';

/**
 * The buyer's saved searches (decision 035), declared by this remote's release itself (docs/decisions/021): the shell
 * learns the path, its guard and its menu item from the release. Here, not in the storefront that saves them, since
 * a remote's screens share one shell layout and this remote's are the dashboard's.
 */
export const SAVED_SEARCHES_ROUTE = defineRoute(SAVED_SEARCHES_PATH, {
  owner: 'checkout',
  layout: 'dashboard',
  access: 'user',
  title: 'Saved Searches',
  menu: { place: 'dashboard', label: 'Saved Searches' },
});
