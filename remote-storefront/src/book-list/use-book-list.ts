import useSWR from 'swr';
import { getBookList, productKeys } from '@bookswap/shared/api';
import type { BookListPlace } from './book-list-query';

/** One page of the searched list; the previous page stays on screen while the next one loads. */
export function useBookList({ search, page, size }: BookListPlace) {
  return useSWR(productKeys.bookList({ search, page, size }), () => getBookList({ search, page, size }), {
    keepPreviousData: true,
  });
}
