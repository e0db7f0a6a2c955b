// The shell's server entry (built with each shell release as server/page-render.cjs, named in its release.json): the
// body of a public page rendered on the shell's server, the shell's layout around the screen of the remote release
// this browser resolves to, so the first paint comes from HTML and the browser hydrates it (docs/decisions/037).
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
// eslint-disable-next-line no-restricted-imports -- the server's bundle has no router kit: one react-router in it
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { unstable_serialize } from 'swr';
import { serverPageRenderContext, type RenderedPageHead, type ServerPageRender } from '@bookswap/shared/api';
import { createSessionStore } from '@bookswap/contract/auth';
import { setRuntimeConfig, type RuntimeConfig } from '@bookswap/contract/config';
import type { RemoteRoutes } from '@bookswap/contract/routing';
import { AppProviders } from '../app/AppProviders';
import { createAppRoutes } from '../app/create-app-routes';
import { readRemoteManifestList } from '../federation/remote-manifest-list';
import { RemoteRoutesLoader, type FederationRuntime } from '../federation/remote-routes-loader';
import { createRouteCatalog, setRouteCatalog } from '../federation/route-catalog';
import { builtShellContract } from '../federation/shell-contract';
import { answeredCache, pageStateScript } from './page-state';
import { VIEWPORT_WIDTHS, viewportOf } from './viewport';

export { sharedModule } from './shared-for-remotes';
export { serverRenderMeta } from './page-state';
export { viewportOf } from './viewport';

/** The version of this entry's interface, which the shell's server checks before calling it. */
export const PAGE_RENDER_API = 2;

/** A remote's render entry (remote-storefront/src/server-entry/page-render.ts): its route table. */
export interface RemoteRenderEntry {
  PAGE_RENDER_API: number;
  routes: RemoteRoutes;
}

export interface PageRenderRequest {
  path: string;
  /** The query without its `?` ('' for none). */
  search: string;
  /** The API as this server reaches it. */
  apiUrl: string;
  /** The public origin the page names itself on. */
  origin: string;
  signal?: AbortSignal;
  /** False: the head alone (`BOOKSWAP_PAGE_RENDER=off`), the page's body left to the browser. */
  body?: boolean;
  /** The browser's User-Agent: the width the page is rendered for (viewport.ts). */
  userAgent?: string;
  /** remotes.json as this browser gets it: the releases the page renders with, and hydrates with. */
  remotes: unknown;
  /** config.json as this browser gets it. */
  config: Partial<RuntimeConfig>;
  storefront: RemoteRenderEntry;
}

/**
 * A rendered public page: its head, and (unless only the head was asked for) its body, the inside of `#root`, with
 * the state element the browser hydrates with.
 */
export interface RenderedPage {
  head: RenderedPageHead;
  body: string | null;
  state: string | null;
}

let rendering: Promise<unknown> = Promise.resolve();

/** Runs `work` after the renders before it have ended, whatever their outcome. */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = rendering.then(work, work);
  rendering = turn.catch(() => undefined);
  return turn;
}

/** Only the storefront renders on the server: any other remote's screens are the browser's. */
function serverRuntime(storefront: RemoteRenderEntry): FederationRuntime {
  return {
    registerRemotes: () => undefined,
    async loadRemote<T>(id: string) {
      if (id !== 'storefront/routes') throw new Error(`${id} does not render on the server`);
      return { default: storefront.routes } as T;
    },
  };
}

/**
 * The page's head, body and state, or null for a page that is not rendered here (no public storefront page, a
 * redirect, a 404, an error): the server then sends the page as the browser renders it. The route's own loaders run
 * as in the browser, waiting here for the answers the screens read first. Rejects when a screen cannot be rendered.
 */
export async function renderPage(request: PageRenderRequest): Promise<RenderedPage | null> {
  const { storefront, signal } = request;
  // The screens' API client calls the API as this server reaches it; nothing the screens render names it.
  setRuntimeConfig({ ...request.config, apiUrl: request.apiUrl });
  const remotes = readRemoteManifestList(request.remotes);
  const catalog = createRouteCatalog(remotes);
  setRouteCatalog(catalog);
  const loader = new RemoteRoutesLoader(serverRuntime(storefront), remotes, builtShellContract());
  // Signed out and still loading, as every page starts in the browser: personal parts appear after hydration.
  const session = createSessionStore();
  const handler = createStaticHandler(createAppRoutes(loader, session, { onServer: true }));
  const url = new URL(`${request.path}${request.search ? `?${request.search}` : ''}`, 'http://localhost');
  // This request's own answers, by their SWR keys, and the head the page's loader makes from them.
  const answers = new Map<string, unknown>();
  let head: RenderedPageHead | null = null;
  const render: ServerPageRender = {
    origin: request.origin,
    async answer(read) {
      const data = await read.fetch();
      answers.set(unstable_serialize(read.key), data);
      return data;
    },
    head(rendered) {
      head = rendered;
    },
  };
  const context = await handler.query(new Request(url, { signal }), {
    requestContext: serverPageRenderContext(render),
  });
  if (context instanceof Response || context.statusCode !== 200 || context.errors) return null;
  // A page whose route is no public page's module made no head: it is not rendered on the server.
  const pageHead: RenderedPageHead | null = head;
  if (!pageHead) return null;
  if (request.body === false) return { head: pageHead, body: null, state: null };
  const cache: [string, unknown][] = [...answers];
  const viewportWidth = VIEWPORT_WIDTHS[viewportOf(request.userAgent)];
  const app = (
    <StrictMode>
      <AppProviders session={session} swrCache={answeredCache(cache)} renderedWidth={viewportWidth}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </AppProviders>
    </StrictMode>
  );
  // One render at a time, each with its own route catalog (the menus read it), which another request's render set
  // meanwhile. Prerendered, not rendered to a string: the render waits for the screens' lazy parts (Save this
  // search), so the page holds all of them and the browser's first render matches it.
  const body = await oneAtATime(async () => {
    setRouteCatalog(catalog);
    const { prelude } = await prerender(app, { signal });
    return new Response(prelude).text();
  });
  return {
    head: pageHead,
    body,
    state: pageStateScript({ remotes, cache, loaderData: context.loaderData, viewportWidth }),
  };
}
