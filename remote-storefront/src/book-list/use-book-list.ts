import { productQueries } from '@bookswap/shared/api';
import { useApiQuery } from '@bookswap/shared/ui';
import { bookListCall, type BookListPlace, type BookListScope } from './book-list-query';

/** One page of the searched, filtered list; the previous page stays on screen while the next one loads. */
export function useBookList(place: BookListPlace, scope: BookListScope = {}) {
  const call = bookListCall(place, scope);
  return useApiQuery(productQueries.bookList(call), { keepPreviousData: true });
}
