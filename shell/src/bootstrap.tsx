import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createSessionStore } from '@bookswap/contract/auth';
import { getRuntimeConfig, setRuntimeConfig } from '@bookswap/contract/config';
import { AppProviders } from './app/AppProviders';
import { createAppRoutes } from './app/create-app-routes';
import { readStartUpConfig } from './app/start-up-config';
import { RemoteRoutesLoader } from './federation/remote-routes-loader';
import { earlyManifests } from './federation/early-start';
import { createRouteCatalog, setRouteCatalog } from './federation/route-catalog';
import { builtShellContract } from './federation/shell-contract';
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

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const root = createRoot(container);
  try {
    const { config, remotes } = await readStartUpConfig();
    setRuntimeConfig(config);
    registerPlugins([earlyManifests()]);
    // The routes each release serves, before any remote's code loads (docs/decisions/021).
    setRouteCatalog(createRouteCatalog(remotes));
    const loader = new RemoteRoutesLoader({ registerRemotes, loadRemote }, remotes, builtShellContract());
    // One sign-in state for the provider that writes it and the route guards that read it before loading.
    const session = createSessionStore();
    const router = createBrowserRouter(createAppRoutes(loader, session));
    reportReleaseHealthLater(() => ({ apiUrl: getRuntimeConfig().apiUrl, remotes, router }));
    startTransition(() =>
      root.render(
        <StrictMode>
          <AppProviders session={session}>
            <RouterProvider router={router} />
          </AppProviders>
        </StrictMode>,
      ),
    );
  } catch (error) {
    // Without its configuration the shell cannot route anywhere: say what is missing.
    container.textContent = `Bookswap could not start: ${error instanceof Error ? error.message : String(error)}`;
  }
}

void start();
