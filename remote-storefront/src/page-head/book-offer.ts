import type { Product } from '@bookswap/shared/schemas';
import { publicUrl } from './page-head';

/** A price as schema.org reads it ("12.50"), or undefined for text that is no price. */
function offerPrice(price: string): string | undefined {
  const amount = Number(price);
  return price.trim() && Number.isFinite(amount) ? amount.toFixed(2) : undefined;
}

/** An absolute cover URL (a cover may be named relative to the page). */
export function absoluteImage(origin: string, img: string): string | undefined {
  try {
    return img ? new URL(img, `${origin}/`).href : undefined;
  } catch {
    return undefined;
  }
}

/** schema.org's Book with its Offer, for a listing (every condition this market grades is a used one). */
export function bookOffer(origin: string, product: Product): object {
  const url = publicUrl(origin, `/bookDetails/${encodeURIComponent(product._id)}`);
  const price = offerPrice(product.resale_price);
  return {
    '@type': 'Book',
    name: product.book_name,
    ...(product.author_name.trim() ? { author: { '@type': 'Person', name: product.author_name } } : {}),
    ...(absoluteImage(origin, product.img) ? { image: absoluteImage(origin, product.img) } : {}),
    url,
    offers: {
      '@type': 'Offer',
      ...(price ? { price, priceCurrency: 'USD' } : {}),
      itemCondition: 'https://schema.org/UsedCondition',
      availability: product.paid ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      url,
    },
  };
}
