/** The facts of each route a remote's `./routes` module serves, as release.json carries them. */
import type { RouteObject } from 'react-router-dom';
import type { BookswapRouteHandle } from '@bookswap/contract/routing';
import type { RouteFacts } from '@bookswap/shared/releases';

export function routeFactsOf(routes: readonly RouteObject[]): RouteFacts[] {
  return routes.map((route) => {
    const handle = route.handle as Partial<BookswapRouteHandle> | undefined;
    if (!route.path || !handle?.access || !handle.layout || !handle.title)
      throw new Error(`route ${route.path ?? '(no path)'} lacks its facts: build it with remoteRoute(entry, lazy)`);
    return {
      path: route.path,
      access: handle.access,
      layout: handle.layout,
      title: handle.title,
      ...(handle.menu ? { menu: handle.menu } : {}),
    };
  });
}
