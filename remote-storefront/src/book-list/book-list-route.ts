import { productQueries } from '@bookswap/shared/api';
import { ROUTES } from '@bookswap/contract/routing';
import { publicPageRoute } from '../public-page/public-page-route';
import { bookListHead } from './book-list-head';
import { bookListCall, bookListQuery, readBookListPlace } from './book-list-query';
import { BookListPage } from './BookListPage';

/** `/booklist`: the books of the URL's search, filters, order and page; the screen comes with the routes module. */
export const bookListRoute = publicPageRoute(
  ROUTES.bookList,
  {
    reads: ({ query }) => ({ list: productQueries.bookList(bookListCall(readBookListPlace(query), {})) }),
    head: (origin, { query }, { list }) => bookListHead(origin, query, list),
    canonicalQuery: ({ query }) => bookListQuery(readBookListPlace(query)),
  },
  async () => BookListPage,
);
