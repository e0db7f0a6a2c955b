import { useEffect, useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import {
  useRevalidator,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type RouteObject,
  type ShouldRevalidateFunction,
} from 'react-router-dom';
import type { SessionStore } from '@bookswap/contract/auth';
import { mayOpen } from '@bookswap/contract/routing';
import type { RouteFacts } from '@bookswap/shared/releases';
import { RequireAccess } from '../guards/RequireAccess';
import { noteRemoteLoad } from '../release-health/load-ledger';
import { RemoteAreaError } from './RemoteAreaError';
import type { RemoteRoutesLoader } from './remote-routes-loader';
import { type RemoteArea } from './route-ownership';
import { PathNotServedError, RemoteUnavailableError, reasonOf } from './remote-unavailable-error';

type RouteFunction<A> = (args: A) => unknown;

/** What the shell needs from one of a remote's routes once its lazy part has loaded. */
interface RemoteScreen {
  Component?: ComponentType | null;
  element?: ReactNode;
  loader?: RouteFunction<LoaderFunctionArgs>;
  action?: RouteFunction<ActionFunctionArgs>;
  shouldRevalidate?: ShouldRevalidateFunction;
}

function asFunction<A>(value: unknown): RouteFunction<A> | undefined {
  return typeof value === 'function' ? (value as RouteFunction<A>) : undefined;
}

/** Runs a remote route's `lazy` (function or per-property object) afresh: a failed chunk is retried next time. */
async function resolveLazy(route: RouteObject): Promise<Partial<RouteObject>> {
  const lazy = route.lazy;
  if (!lazy) return {};
  if (typeof lazy === 'function') return (await lazy()) as Partial<RouteObject>;
  const entries = await Promise.all(
    Object.entries(lazy).map(async ([key, load]) => [key, await (load as () => Promise<unknown>)()] as const),
  );
  return Object.fromEntries(entries) as Partial<RouteObject>;
}

/** What a proxy loader answers for a visitor the route table does not let in: nothing was loaded. */
const REFUSED = { refused: true } as const;

/**
 * Guards before loaders and downloads (docs/decisions/006): may this visitor open a route of this access?
 * Public routes never wait for the sign-in state; the others wait until it has settled (the spinner of
 * the hydrate fallback or the navigation progress shows meanwhile).
 */
async function mayLoad(entry: RouteFacts, session: SessionStore): Promise<boolean> {
  if (entry.access === 'public') return true;
  const state = await session.settled();
  return mayOpen(entry.access, { signedIn: state.user !== null, role: state.role });
}

/** The loader refused a visitor who may open the screen by now (the session changed): load it. */
function RefusedThenAllowed() {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (revalidator.state === 'idle') void revalidator.revalidate();
  }, [revalidator]);
  return null;
}

export interface RemoteAreaOptions {
  /**
   * A server render (src/server-render): the remotes' own loaders run as in the browser, given the render in their
   * request context (a public page's loader waits there for its screens' answers), and no load is noted for
   * release health, which counts the browser's.
   */
  onServer?: boolean;
}

/**
 * One remote's area in a shell layout: a route per path the route table gives the remote, each a proxy
 * whose loader first applies the table's access rule, then fetches the remote's route table and screen,
 * then runs the remote's own loader. A refused visitor downloads nothing and calls no API; the screen's
 * guard then sends them to /login. Nothing is cached by React Router, so Retry after a failure loads
 * anew; the area's error element shows the remote fallback for load failures and the error screen otherwise.
 */
export function remoteAreaRoutes(
  area: RemoteArea,
  loader: RemoteRoutesLoader,
  session: SessionStore,
  { onServer = false }: RemoteAreaOptions = {},
): RouteObject {
  const screens = new Map<string, RemoteScreen>();

  async function screenFor(path: string): Promise<RemoteScreen> {
    const cached = screens.get(path);
    if (cached) return cached;
    const routes = await loader.load(area.name);
    const route = routes.find((candidate) => candidate.path === path);
    // The remote's build does not serve this path (yet): the 404 screen, not a failed remote.
    if (!route) throw new PathNotServedError(path);
    let resolved: Partial<RouteObject>;
    try {
      resolved = await resolveLazy(route);
    } catch (error) {
      throw new RemoteUnavailableError(area.name, reasonOf(error));
    }
    const merged = { ...route, ...resolved };
    const screen: RemoteScreen = {
      Component: merged.Component,
      element: merged.element,
      loader: asFunction<LoaderFunctionArgs>(merged.loader),
      action: asFunction<ActionFunctionArgs>(merged.action),
      shouldRevalidate: merged.shouldRevalidate,
    };
    screens.set(path, screen);
    return screen;
  }

  /** The screen, with the remote's outcome noted for release health (its first in this page load counts). */
  async function screenNoted(path: string): Promise<RemoteScreen> {
    try {
      const screen = await screenFor(path);
      noteRemoteLoad(area.name, path, 'loaded');
      return screen;
    } catch (error) {
      if (error instanceof RemoteUnavailableError) noteRemoteLoad(area.name, path, error.stage);
      else if (error instanceof PathNotServedError) noteRemoteLoad(area.name, path, 'loaded');
      throw error;
    }
  }

  return {
    id: `remote:${area.name}`,
    errorElement: <RemoteAreaError area={area} />,
    children: area.routes.map((entry) => {
      const { path, title } = entry;
      function RemoteRouteScreen() {
        const screen = screens.get(path);
        // Before the screen's own effects: a public page that names itself (docs/decisions/033) writes its title after.
        useLayoutEffect(() => {
          document.title = `${title} | Bookswap`;
        }, []);
        // Judged again with the live state: a sign-out on this screen sends the user to /login too.
        const Component = screen?.Component;
        return (
          <RequireAccess access={entry.access}>
            {Component ? <Component /> : (screen?.element ?? <RefusedThenAllowed />)}
          </RequireAccess>
        );
      }
      return {
        id: `remote:${area.name}:${path}`,
        path,
        handle: { remote: area.name },
        loader: async (args: LoaderFunctionArgs) => {
          if (!(await mayLoad(entry, session))) return REFUSED;
          const screen = onServer ? await screenFor(path) : await screenNoted(path);
          return screen.loader ? screen.loader(args) : null;
        },
        action: async (args: ActionFunctionArgs) => {
          if (!(await mayLoad(entry, session))) return REFUSED;
          const screen = await screenFor(path);
          return screen.action ? screen.action(args) : null;
        },
        shouldRevalidate: (args) => {
          const own = screens.get(path)?.shouldRevalidate;
          return own ? own(args) : args.defaultShouldRevalidate;
        },
        Component: RemoteRouteScreen,
      } satisfies RouteObject;
    }),
  };
}
