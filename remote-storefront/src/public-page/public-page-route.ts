import type { ComponentType } from 'react';
import type { LoaderFunctionArgs, Params, RouteObject } from 'react-router-dom';
import { loadPageReads, serverPageRenderOf, type PageAnswers, type PageRead } from '@bookswap/shared/api';
import { remoteRoute, type AppRoute } from '@bookswap/contract/routing';
import type { PageHead } from '../page-head/page-head';

/** Where a public page is: its path's parameters and its URL's query. */
export interface PagePlace {
  params: Params;
  query: URLSearchParams;
}

/**
 * A public page, declared once (docs/decisions/045): what its screens read first, its head made from those answers,
 * and the one spelling of its query. The browser's router and the shell's server run the same loader from it.
 */
export interface PublicPage<Reads extends Record<string, PageRead<unknown>>> {
  /** The reads, from the page's place; throws a 404 `Response` for a page that does not exist. */
  reads(place: PagePlace): Reads;
  head(origin: string, place: PagePlace, answers: PageAnswers<Reads>): PageHead;
  /** The query the screens read, in one order, defaults left out (none unless given). */
  canonicalQuery?(place: PagePlace): URLSearchParams;
}

/** What a public page's route carries in its handle for the server entry (canonical-page.ts). */
export interface PublicPageHandle {
  publicPage: Pick<PublicPage<Record<string, PageRead<unknown>>>, 'canonicalQuery'>;
}

export function publicPageOf(handle: unknown): PublicPageHandle['publicPage'] | null {
  return typeof handle === 'object' && handle !== null && 'publicPage' in handle
    ? (handle as PublicPageHandle).publicPage
    : null;
}

/**
 * The page's loader: in the browser it starts the reads as the navigation starts (the screens take the answers up);
 * under the shell's server render it waits for them and gives the render the page's head.
 */
export function publicPageLoader<Reads extends Record<string, PageRead<unknown>>>(page: PublicPage<Reads>) {
  return async ({ params, request, context }: LoaderFunctionArgs): Promise<null> => {
    const place = { params, query: new URL(request.url).searchParams };
    const answers = await loadPageReads(page.reads(place), context);
    const server = serverPageRenderOf(context);
    if (answers && server) {
      // Only a server writes the head as HTML: the browser never downloads this part.
      const { pageHeadTags } = await import('../page-head/page-head-tags');
      server.head(pageHeadTags(page.head(server.origin, place, answers)));
    }
    return null;
  };
}

/** A public page's route: the route table's entry, the page's loader, and its screen (loaded lazily or not). */
export function publicPageRoute<Reads extends Record<string, PageRead<unknown>>>(
  entry: Pick<AppRoute, 'path' | 'access' | 'title' | 'layout' | 'menu'>,
  page: PublicPage<Reads>,
  screen: () => Promise<ComponentType>,
): RouteObject {
  const route = remoteRoute(entry, async () => ({ Component: await screen() }));
  const handle: PublicPageHandle = { publicPage: page };
  return { ...route, handle: { ...(route.handle as object), ...handle }, loader: publicPageLoader(page) };
}
