import { BookBrowser } from './BookBrowser';

/** /booklist: search, filters and sort, a page of book cards, page buttons from 0 and the page size (product.md §2, 9). */
export function BookListPage() {
  return <BookBrowser title="Book List" />;
}
