import { useParams } from 'react-router-dom';
import { categoryNameOf } from '@bookswap/shared/catalog-rules';
import { BookBrowser } from '../book-list/BookBrowser';

/** /category/{category_id}: the category's books as cards, with the book list's search, filters and sort, or "NO Product". */
export function CategoryProductsPage() {
  const categoryId = useParams().category_id ?? '';
  return <BookBrowser title={categoryNameOf(categoryId) ?? 'Category'} category={categoryId} />;
}
