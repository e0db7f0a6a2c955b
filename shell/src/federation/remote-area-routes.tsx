import { useEffect, type ComponentType, type ReactNode } from 'react';
import type { ActionFunctionArgs, LoaderFunctionArgs, RouteObject, ShouldRevalidateFunction } from 'react-router-dom';
import { accessOf, type BookswapRouteHandle, type RouteAccess } from '@bookswap/shared/routing';
import { RequireAccess } from '../guards/RequireAccess';
import { RemoteAreaError } from './RemoteAreaError';
import type { RemoteRoutesLoader } from './remote-routes-loader';
import { type RemoteArea } from './route-ownership';
import { PathNotServedError, RemoteUnavailableError, reasonOf } from './remote-unavailable-error';

type RouteFunction<A> = (args: A) => unknown;

/** What the shell needs from one of a remote's routes once its lazy part has loaded. */
interface RemoteScreen {
  access: RouteAccess;
  title?: string;
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

/**
 * One remote's area in a shell layout: a route per path the remote owns (ARCHITECTURE.md), each a
 * proxy whose loader fetches the remote's route table and screen at navigation, then runs the
 * remote's own loader. Nothing is cached by React Router, so Retry after a failure loads anew; the
 * area's error element shows the remote fallback for load failures and the error screen otherwise.
 */
export function remoteAreaRoutes(area: RemoteArea, loader: RemoteRoutesLoader): RouteObject {
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
      access: accessOf(route),
      title: (route.handle as BookswapRouteHandle | undefined)?.title,
      Component: merged.Component,
      element: merged.element,
      loader: asFunction<LoaderFunctionArgs>(merged.loader),
      action: asFunction<ActionFunctionArgs>(merged.action),
      shouldRevalidate: merged.shouldRevalidate,
    };
    screens.set(path, screen);
    return screen;
  }

  return {
    id: `remote:${area.name}`,
    errorElement: <RemoteAreaError area={area} />,
    children: area.paths.map((path) => {
      function RemoteRouteScreen() {
        const screen = screens.get(path);
        const title = screen?.title;
        useEffect(() => {
          document.title = title ? `${title} | Bookswap` : 'Bookswap';
        }, [title]);
        if (!screen) return null;
        const { Component } = screen;
        return <RequireAccess access={screen.access}>{Component ? <Component /> : screen.element}</RequireAccess>;
      }
      return {
        id: `remote:${area.name}:${path}`,
        path,
        handle: { remote: area.name },
        loader: async (args: LoaderFunctionArgs) => {
          const screen = await screenFor(path);
          return screen.loader ? screen.loader(args) : null;
        },
        action: async (args: ActionFunctionArgs) => {
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
