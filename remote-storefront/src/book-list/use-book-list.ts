import { productQueries } from '@bookswap/shared/api';
import { useApiQuery } from '@bookswap/shared/ui';
import type { BookListQuery } from '@bookswap/shared/schemas';
import type { BookListPlace } from './book-list-query';

/** What a page fixes of its list, which no control changes: the category page's category, the seller page's seller. */
export interface BookListScope {
  category?: string;
  seller?: string;
}

/** The call of a list's place, with its facet counts, within the page's scope. */
export function bookListCall(place: BookListPlace, { category, seller }: BookListScope = {}): BookListQuery {
  return { ...place, category: category ? [category] : place.category, ...(seller ? { seller } : {}), facets: true };
}

/** One page of the searched, filtered list; the previous page stays on screen while the next one loads. */
export function useBookList(place: BookListPlace, scope: BookListScope = {}) {
  const call = bookListCall(place, scope);
  return useApiQuery(productQueries.bookList(call), { keepPreviousData: true });
}
