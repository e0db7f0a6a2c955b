import { BookBrowser } from './BookBrowser';

/** /booklist: search, filters and sort, a page of book cards, pages counted from 1 with Previous and Next, and the page size (product.md §2, 9). */
export function BookListPage() {
  return <BookBrowser title="Book List" />;
}
