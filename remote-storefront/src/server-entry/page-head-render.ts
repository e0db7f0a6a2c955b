// The storefront's server entry (built with each release as server/page-head.cjs, named in its release.json): what
// the shell's server writes into the head of a public page before any script runs, for crawlers and link previews
// (docs/decisions/036). It computes the same heads the screens apply in the browser, from the same API calls.
import { bookListPath } from '@bookswap/shared/api/book-list-path';
import { catalogVersionSchema, type BookListResponse } from '@bookswap/shared/schemas';
import { bookListHead } from '../book-list/book-list-head';
import { bookListCall, readBookListPlace, type BookListScope } from '../book-list/book-list-query';
import { categoriesHead } from '../categories/categories-head';
import { homeHead } from '../page-head/page-head';
import { pageHeadTags } from '../page-head/page-head-tags';
import { publicPageOf } from './public-page';

/** The one URL of each public page, by which the shell's server redirects and keeps its renders. */
export { canonicalPage } from './canonical-page';

/** What the shell's server asks: the page's path and query, its public origin, and the API to read from. */
export interface PageHeadRequest {
  path: string;
  /** The query without its `?` ('' for none). */
  search: string;
  origin: string;
  apiUrl: string;
  signal?: AbortSignal;
}

/** The head as HTML pieces: the document title's and description's text, and the elements to add to `<head>`. */
export type RenderedPageHead = ReturnType<typeof pageHeadTags>;

/** The version of this entry's interface, which the shell's server checks before calling it. */
export const PAGE_HEAD_API = 1;

const apiBase = (request: Pick<PageHeadRequest, 'apiUrl'>) => request.apiUrl.replace(/\/+$/, '');

/**
 * What the heads above are made of, as a tag that changes when they may have: the catalog's version, which moves with
 * every change to the listings. The shell's server keeps a head while its tag is the current one.
 */
export async function pageHeadCacheTag(request: Pick<PageHeadRequest, 'apiUrl' | 'signal'>): Promise<string> {
  const response = await fetch(`${apiBase(request)}/api/catalog/version`, {
    headers: { accept: 'application/json' },
    signal: request.signal,
  });
  if (!response.ok) throw new Error(`the catalog version answered ${response.status}`);
  return `catalog ${catalogVersionSchema.parse(await response.json()).version}`;
}

async function readList(request: PageHeadRequest, params: URLSearchParams, scope: BookListScope) {
  const call = bookListCall(readBookListPlace(params), scope);
  const response = await fetch(`${apiBase(request)}${bookListPath(call)}`, {
    headers: { accept: 'application/json' },
    signal: request.signal,
  });
  if (!response.ok) throw new Error(`the book list answered ${response.status}`);
  return (await response.json()) as BookListResponse;
}

/**
 * The head of a public storefront page, or null for a path that is not one (the page then keeps the shell's own).
 * Rejects when the API cannot give the page's data: the server then sends the page as it is.
 */
export async function renderPageHead(request: PageHeadRequest): Promise<RenderedPageHead | null> {
  const params = new URLSearchParams(request.search);
  const page = publicPageOf(request.path);
  if (!page) return null;
  if (page.kind === 'home') return pageHeadTags(homeHead(request.origin));
  if (page.kind === 'categories') return pageHeadTags(categoriesHead(request.origin));
  if (page.kind === 'list')
    return pageHeadTags(bookListHead(request.origin, params, await readList(request, params, {})));
  const { categoryId } = page;
  const list = await readList(request, params, { category: categoryId });
  return pageHeadTags(bookListHead(request.origin, params, list, categoryId));
}
