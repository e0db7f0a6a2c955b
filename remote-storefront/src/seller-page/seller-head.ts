import type { BookListResponse, SellerProfile } from '@bookswap/shared/schemas';
import { formatCount } from '@bookswap/shared/ui';
import { publicUrl, siteTitle, type PageHead } from '../page-head/page-head';

/**
 * The head of `/seller/:id`: the seller's name (the route's title until their profile arrives) and how many books
 * they list; the canonical URL is the page without the list's filters, which show the same seller.
 */
export function sellerHead(
  origin: string,
  sellerId: string,
  seller: SellerProfile | undefined,
  list: BookListResponse | undefined,
): PageHead {
  const name = seller?.name ?? 'Seller';
  const count = list ? ` ${formatCount(list.count)} ${list.count === 1 ? 'book' : 'books'}.` : '';
  return {
    title: siteTitle(seller ? `${name}, seller` : name),
    description: `Second hand books sold by ${name} on Bookswap.${count}`,
    canonical: publicUrl(origin, `/seller/${encodeURIComponent(sellerId)}`),
    type: 'website',
  };
}
