// The storefront's render entry (built with each release as server/page-render.cjs, named in its release.json): its
// route table and the answers its public pages read first, for the shell's server to render those pages' bodies with
// this release's own screens (docs/decisions/037). React, the router, MUI, SWR and the runtime contract are not in
// this file: the shell's render provides them (its `sharedModule`), as the shell provides them in the browser.
import { productQueries } from '@bookswap/shared/api';
import { categoryNameOf } from '@bookswap/shared/catalog-rules';
import categoriesFile from '../../public/categories.json';
import { bookListCall, readBookListPlace, type BookListScope } from '../book-list/book-list-query';
import { CATEGORIES_KEY, listedCategoriesOf } from '../categories/use-categories';
import routes from '../routes';
import { publicPageOf } from './public-page';

export { routes };

/** The version of this entry's interface, which the shell's render checks before calling it. */
export const PAGE_RENDER_API = 1;

export interface PageQueriesRequest {
  path: string;
  /** The query without its `?` ('' for none). */
  search: string;
}

/** One SWR cache entry a screen reads: its key and its answer. */
export type PageQuery = [key: unknown, data: unknown];

const categories = (): PageQuery => [CATEGORIES_KEY, listedCategoriesOf(categoriesFile)];

async function bookList(search: string, scope: BookListScope): Promise<PageQuery> {
  const query = productQueries.bookList(bookListCall(readBookListPlace(new URLSearchParams(search)), scope));
  return [query.key, await query.fetch()];
}

/**
 * The answers a public page's screens read on their first render, through the API client of this release (the shell's
 * render points the runtime config at the API as its server reaches it); null for a page not rendered on the server:
 * a signed-in or unknown path, or a category that does not exist (its 404 is the browser's).
 */
export async function pageQueries({ path, search }: PageQueriesRequest): Promise<PageQuery[] | null> {
  const page = publicPageOf(path);
  if (!page) return null;
  if (page.kind === 'home') {
    const ads = productQueries.advertised();
    return [categories(), [ads.key, await ads.fetch()]];
  }
  if (page.kind === 'categories') return [categories()];
  if (page.kind === 'list') return [await bookList(search, {})];
  if (categoryNameOf(page.categoryId) === undefined) return null;
  return [await bookList(search, { category: page.categoryId })];
}
