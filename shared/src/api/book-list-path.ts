import type { BookListQuery } from '../schemas/product';
import { API_CALLS, apiPath } from '../schemas/api-calls';
import { query } from './query-string';

/**
 * The query of GET /api/category/list for a list query: `search`, `page` and `size` as product.md's call sends them,
 * then each filter only when set (a repeated name per category or condition), so the unfiltered list is product.md's
 * call exactly. Pure, with no client around it: a server render asks the same URL the browser's client does.
 */
export function bookListParams(list: BookListQuery): string {
  const params = new URLSearchParams(query({ search: list.search ?? '', page: list.page, size: list.size }).slice(1));
  for (const category of list.category ?? []) params.append('category', category);
  for (const condition of list.condition ?? []) params.append('condition', condition);
  if (list.minPrice) params.set('minPrice', list.minPrice);
  if (list.maxPrice) params.set('maxPrice', list.maxPrice);
  if (list.verified) params.set('verified', '1');
  if (list.seller) params.set('seller', list.seller);
  if (list.sort && list.sort !== 'newest') params.set('sort', list.sort);
  if (list.facets) params.set('facets', '1');
  return params.toString();
}

/** The path of GET /api/category/list for a list query. */
export const bookListPath = (list: BookListQuery) => `${apiPath(API_CALLS.bookList)}?${bookListParams(list)}`;
