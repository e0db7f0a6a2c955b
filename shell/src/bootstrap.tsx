import {
  loadRemote,
  registerGlobalPlugins,
  registerPlugins,
  registerRemotes,
} from '@module-federation/enhanced/runtime';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createSessionStore } from '@bookswap/contract/auth';
import { getRuntimeConfig, setRuntimeConfig } from '@bookswap/contract/config';
import { AppProviders } from './app/AppProviders';
import { createAppRoutes } from './app/create-app-routes';
import { readStartUpConfig } from './app/start-up-config';
import { RemoteRoutesLoader } from './federation/remote-routes-loader';
import { earlyManifests } from './federation/early-start';
import { toastDemandWatcher } from './toasts/toasts-on-demand';
import { createRouteCatalog, setRouteCatalog } from './federation/route-catalog';
import { builtShellContract } from './federation/shell-contract';
import { answeredCache, readPageState, serverRenderOf } from './server-render/page-state';
import { loadMatchedScreens, screenAt } from './server-render/hydration';
import { noteHydrationError, noteServerRender } from './release-health/load-ledger';
import type { ReleaseHealthOptions } from './release-health/start-release-health';
// For its lazy imports: the shared modules this build provides to the remotes (not called).
import './federation/provide-shared';

/**
 * Release health (docs/decisions/025), once the page has loaded and settled: the reporter and web-vitals are a
 * chunk of their own, never in the entry, and wait two seconds past the load event (or until the page is hidden)
 * so they never compete with the first screen. Nothing is lost meanwhile: the ledger keeps the load outcomes and
 * web-vitals reads the page load's buffered entries.
 */
function reportReleaseHealthLater(options: () => ReleaseHealthOptions) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    import('./release-health/start-release-health')
      .then(({ startReleaseHealth }) => startReleaseHealth(options()))
      .catch(() => undefined);
  };
  const afterLoad = () => setTimeout(start, 2000);
  if (document.readyState === 'complete') afterLoad();
  else addEventListener('load', afterLoad, { once: true });
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && start());
}

/**
 * How the shell's server answered this page, counted for the release whose screen it is (docs/decisions/066), so a
 * storefront release whose server render fails is rolled back as one that crashes.
 */
function noteHowServed(outcome: ReturnType<typeof serverRenderOf>, screen: () => ReturnType<typeof screenAt>) {
  const served = outcome ? screen() : null;
  if (outcome && served) noteServerRender(served.remote, served.route, outcome);
}

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  // A page the shell's server rendered (docs/decisions/037) is hydrated with what it was rendered with.
  const rendered = container.firstElementChild ? readPageState(document) : null;
  try {
    const { config, remotes: listed } = await readStartUpConfig();
    // The releases the server rendered with, whatever remotes.json says now: a promote meanwhile waits for the next page.
    const remotes = rendered?.remotes ?? listed;
    setRuntimeConfig(config);
    registerPlugins([earlyManifests(), toastDemandWatcher()]);
    // The remotes' federation instances, made after this, watch for the toast library too.
    registerGlobalPlugins([toastDemandWatcher()]);
    // The routes each release serves, before any remote's code loads (docs/decisions/021).
    setRouteCatalog(createRouteCatalog(remotes));
    const loader = new RemoteRoutesLoader({ registerRemotes, loadRemote }, remotes, builtShellContract());
    // One sign-in state for the provider that writes it and the route guards that read it before loading.
    const session = createSessionStore();
    const routes = createAppRoutes(loader, session);
    // The screens the server drew are loaded before hydrating, so the first render is theirs, not a spinner.
    // A screen that cannot load now (its remote down since the server drew it) is the router's to show: the page is
    // then rendered afresh, with that remote's fallback, instead of hydrated.
    const matched = rendered ? await loadMatchedScreens(routes, window.location).catch(() => null) : null;
    // The screen hydration matched, or, for a page sent unrendered, the one its URL shows.
    noteHowServed(serverRenderOf(document, rendered), () => matched?.screen ?? screenAt(routes, window.location));
    const router = createBrowserRouter(routes, matched ? { hydrationData: { loaderData: matched.loaderData } } : {});
    reportReleaseHealthLater(() => ({ apiUrl: getRuntimeConfig().apiUrl, remotes, router }));
    const app = (
      <StrictMode>
        <AppProviders
          session={session}
          swrCache={rendered ? answeredCache(rendered.cache) : undefined}
          renderedWidth={rendered?.viewportWidth}
        >
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>
    );
    // Hydrated in a transition: React yields to the browser every few milliseconds instead of one long task, and a
    // click on a part not hydrated yet hydrates it at once (docs/decisions/039).
    if (matched)
      startTransition(() => {
        hydrateRoot(container, app, {
          // React renders the page afresh where it differs; the release whose screen it was counts it (release health).
          onRecoverableError: (error) => {
            console.error('Bookswap: the page differed from its server render and was drawn afresh', error);
            if (matched?.screen) noteHydrationError(matched.screen.remote, matched.screen.route);
          },
        });
      });
    else startTransition(() => createRoot(container).render(app));
  } catch (error) {
    // Without its configuration the shell cannot route anywhere: say what is missing.
    container.textContent = `Bookswap could not start: ${error instanceof Error ? error.message : String(error)}`;
  }
}

void start();
