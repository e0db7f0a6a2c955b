import { defineRoute } from '@bookswap/contract/routing';

/**
 * A seller's public page (decision 034), declared by this remote's release itself (docs/decisions/021): the shell learns
 * the path and its guard from the release. Public, as the book list is: anyone may see who sells a book.
 */
export const SELLER_ROUTE = defineRoute('/seller/:id', {
  owner: 'storefront',
  layout: 'public',
  access: 'public',
  title: 'Seller',
});
