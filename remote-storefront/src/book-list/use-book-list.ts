import { productQueries } from '@bookswap/shared/api';
import { useApiQuery } from '@bookswap/shared/ui';
import type { BookListQuery } from '@bookswap/shared/schemas';
import type { BookListPlace } from './book-list-query';

/** The call of a list's place, with its facet counts; `category` is the category page's own. */
export function bookListCall(place: BookListPlace, category?: string): BookListQuery {
  return { ...place, category: category ? [category] : place.category, facets: true };
}

/** One page of the searched, filtered list; the previous page stays on screen while the next one loads. */
export function useBookList(place: BookListPlace, category?: string) {
  const call = bookListCall(place, category);
  return useApiQuery(productQueries.bookList(call), { keepPreviousData: true });
}
