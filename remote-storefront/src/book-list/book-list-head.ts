import { categoryNameOf } from '@bookswap/shared/catalog-rules';
import type { BookListResponse } from '@bookswap/shared/schemas';
import { formatCount, formatPrice } from '@bookswap/shared/ui';
import { bookOffer } from '../page-head/book-offer';
import { publicUrl, siteTitle, type PageHead } from '../page-head/page-head';
import { bookListQuery, readBookListPlace, type BookFilterChoice } from './book-list-query';

/** What narrows a list, in words ("condition (Good)"): the empty state's hints and the list's title alike. */
export function narrowingsOf(place: BookFilterChoice): string[] {
  const price =
    place.minPrice && place.maxPrice
      ? `price ${formatPrice(place.minPrice)} to ${formatPrice(place.maxPrice)}`
      : place.minPrice
        ? `price from ${formatPrice(place.minPrice)}`
        : place.maxPrice
          ? `price up to ${formatPrice(place.maxPrice)}`
          : '';
  return [
    ...(place.category.length > 0
      ? [`category (${place.category.map((id) => categoryNameOf(id) ?? id).join(', ')})`]
      : []),
    ...(place.condition.length > 0 ? [`condition (${place.condition.join(', ')})`] : []),
    ...(price ? [price] : []),
    ...(place.verified ? ['verified sellers only'] : []),
  ];
}

/**
 * The head of `/booklist` and of a category's page (`categoryId`): the title names the category, search, filters
 * and page; the canonical URL keeps only what changes the list, in one order; the page's books are an ItemList.
 */
export function bookListHead(
  origin: string,
  params: URLSearchParams,
  list: BookListResponse | undefined,
  categoryId?: string,
): PageHead {
  const read = readBookListPlace(params);
  const place = categoryId ? { ...read, category: [] } : read;
  const name = categoryId ? (categoryNameOf(categoryId) ?? 'Category') : 'Book List';
  const parts = [
    ...(place.search ? [`“${place.search}”`] : []),
    ...narrowingsOf(place),
    ...(place.page > 0 ? [`page ${place.page + 1}`] : []),
  ].join(' · ');
  const path = categoryId ? `/category/${encodeURIComponent(categoryId)}` : '/booklist';
  const count = list ? ` ${formatCount(list.count)} ${list.count === 1 ? 'book' : 'books'}.` : '';
  return {
    title: siteTitle(parts ? `${name}: ${parts}` : name),
    description: `Second hand books for sale on Bookswap${categoryId ? ` in ${name}` : ''}${parts ? `: ${parts}` : ''}.${count}`,
    canonical: publicUrl(origin, path, bookListQuery(place)),
    type: 'website',
    ...(list && {
      structuredData: {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        numberOfItems: list.count,
        itemListElement: list.products.map((product, index) => ({
          '@type': 'ListItem',
          position: place.page * place.size + index + 1,
          item: bookOffer(origin, product),
        })),
      },
    }),
  };
}
