// The shell's server entry (built with each shell release as server/page-render.cjs, named in its release.json): the
// body of a public page rendered on the shell's server, the shell's layout around the screen of the remote release
// this browser resolves to, so the first paint comes from HTML and the browser hydrates it (docs/decisions/037).
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
// eslint-disable-next-line no-restricted-imports -- the server's bundle has no router kit: one react-router in it
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { unstable_serialize, type Key } from 'swr';
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
export const PAGE_RENDER_API = 1;

/** What the server asks a remote's render entry (remote-storefront/src/server-entry/page-render.ts). */
export interface PageQueriesRequest {
  path: string;
  /** The query without its `?` ('' for none). */
  search: string;
  apiUrl: string;
  signal?: AbortSignal;
}

/** A remote's render entry: its route table, and the answers a page's screens read first. */
export interface RemoteRenderEntry {
  PAGE_RENDER_API: number;
  routes: RemoteRoutes;
  /** Each query's SWR key and answer, or null for a page the remote does not render on the server. */
  pageQueries(request: PageQueriesRequest): Promise<[key: Key, data: unknown][] | null>;
}

export interface PageRenderRequest extends PageQueriesRequest {
  /** The browser's User-Agent: the width the page is rendered for (viewport.ts). */
  userAgent?: string;
  /** remotes.json as this browser gets it: the releases the page renders with, and hydrates with. */
  remotes: unknown;
  /** config.json as this browser gets it. */
  config: Partial<RuntimeConfig>;
  storefront: RemoteRenderEntry;
}

/** The rendered body (the inside of `#root`), and the state element the browser hydrates with. */
export interface RenderedPage {
  body: string;
  state: string;
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
 * The page's body and state, or null for a page that is not rendered here (not a public storefront page, a redirect,
 * an error): the server then sends the page as the browser renders it. Rejects when a screen cannot be rendered.
 */
export async function renderPage(request: PageRenderRequest): Promise<RenderedPage | null> {
  const { storefront, signal } = request;
  // The screens' API client calls the API as this server reaches it; nothing the screens render names it.
  setRuntimeConfig({ ...request.config, apiUrl: request.apiUrl });
  const queries = await storefront.pageQueries(request);
  if (!queries) return null;
  const remotes = readRemoteManifestList(request.remotes);
  const catalog = createRouteCatalog(remotes);
  setRouteCatalog(catalog);
  const loader = new RemoteRoutesLoader(serverRuntime(storefront), remotes, builtShellContract());
  // Signed out and still loading, as every page starts in the browser: personal parts appear after hydration.
  const session = createSessionStore();
  const handler = createStaticHandler(createAppRoutes(loader, session, { onServer: true }));
  const url = new URL(`${request.path}${request.search ? `?${request.search}` : ''}`, 'http://localhost');
  const context = await handler.query(new Request(url, { signal }));
  if (context instanceof Response || context.statusCode !== 200 || context.errors) return null;
  const cache: [string, unknown][] = queries.map(([key, data]) => [unstable_serialize(key), data]);
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
  return { body, state: pageStateScript({ remotes, cache, loaderData: context.loaderData, viewportWidth }) };
}
