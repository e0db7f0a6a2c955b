import type { ProductDetails } from '@bookswap/shared/schemas';
import { formatPrice } from '@bookswap/shared/ui';
import { absoluteImage, bookOffer } from '../page-head/book-offer';
import { publicUrl, siteTitle, type PageHead } from '../page-head/page-head';

/** The longest description search engines show whole. */
const DESCRIPTION_MAX = 160;

/** `/bookDetails/{id}`: the book's title and author, its price and condition, its cover, and its Offer. */
export function bookDetailsHead(origin: string, product: ProductDetails): PageHead {
  const author = product.author_name.trim() || 'Unknown';
  const about = product.description.trim().replace(/\s+/g, ' ');
  const facts = `${product.book_condition}, ${formatPrice(product.resale_price)} on Bookswap.`;
  const description = about ? `${facts} ${about}` : facts;
  const image = absoluteImage(origin, product.img);
  return {
    title: siteTitle(`${product.book_name} by ${author}`),
    description:
      description.length > DESCRIPTION_MAX ? `${description.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : description,
    canonical: publicUrl(origin, `/bookDetails/${encodeURIComponent(product._id)}`),
    type: 'book',
    ...(image && { image }),
    structuredData: { '@context': 'https://schema.org', ...bookOffer(origin, product) },
  };
}
