import { useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { preloadQuery, productQueries } from '@bookswap/shared/api';
import { categoryNameOf } from '@bookswap/shared/catalog-rules';
import { BookBrowser } from '../book-list/BookBrowser';
import { bookListCall, readBookListPlace } from '../book-list/book-list-query';

/**
 * product.md §2: the category's products are loaded before display. The loader starts the page's query as the
 * navigation starts; the page's list hook reads the same query, takes that request up and shows a spinner until it
 * answers. The call is the book list's with the category fixed, which answers the count, the facet counts and pages
 * that product.md's `/api/category/list/{id}` array cannot carry.
 */
export function categoryProductsLoader({ params, request }: LoaderFunctionArgs): null {
  const categoryId = params.category_id ?? '';
  // An unknown category is a page that does not exist, not a failed request with a Retry that cannot help.
  if (categoryNameOf(categoryId) === undefined) throw new Response(null, { status: 404, statusText: 'Not Found' });
  preloadQuery(
    productQueries.bookList(
      bookListCall(readBookListPlace(new URL(request.url).searchParams), { category: categoryId }),
    ),
  );
  return null;
}

/** /category/{category_id}: the category's books as cards, with the book list's search, filters and sort, or "NO Product". */
export function CategoryProductsPage() {
  const categoryId = useParams().category_id ?? '';
  return <BookBrowser title={categoryNameOf(categoryId) ?? 'Category'} category={categoryId} />;
}
