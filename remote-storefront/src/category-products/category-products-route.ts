import { productQueries } from '@bookswap/shared/api';
import { categoryNameOf } from '@bookswap/shared/catalog-rules';
import { ROUTES } from '@bookswap/contract/routing';
import { bookListHead } from '../book-list/book-list-head';
import { bookListCall, bookListQuery, readBookListPlace } from '../book-list/book-list-query';
import { publicPageRoute, type PagePlace } from '../public-page/public-page-route';

/** The category of the page's path; an unknown one is a page that does not exist, not a failed request. */
function categoryOf({ params }: PagePlace): string {
  const categoryId = params.category_id ?? '';
  if (categoryNameOf(categoryId) === undefined) throw new Response(null, { status: 404, statusText: 'Not Found' });
  return categoryId;
}

/**
 * `/category/{category_id}` (product.md §2: the category's products are loaded before display). The call is the book
 * list's with the category fixed, which answers the count, the facet counts and pages that product.md's
 * `/api/category/list/{id}` array cannot carry.
 */
export const categoryProductsRoute = publicPageRoute(
  ROUTES.categoryProducts,
  {
    reads: (place) => ({
      list: productQueries.bookList(bookListCall(readBookListPlace(place.query), { category: categoryOf(place) })),
    }),
    head: (origin, place, { list }) => bookListHead(origin, place.query, list, categoryOf(place)),
    canonicalQuery: ({ query }) => {
      const canonical = bookListQuery(readBookListPlace(query));
      // The page's category is its path's: the control for it is not on this page.
      canonical.delete('category');
      return canonical;
    },
  },
  async () => (await import('./CategoryProductsPage')).CategoryProductsPage,
);
