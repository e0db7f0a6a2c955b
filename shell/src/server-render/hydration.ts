import { matchRoutes, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import type { TelemetryUnit } from '@bookswap/shared/schemas';

/** What hydration needs of the page's routes: the loaders' data, and the remote whose screen the server drew. */
export interface MatchedScreens {
  loaderData: Record<string, unknown>;
  /** The remote route's owner and pattern, for release health; null when the page is the shell's own. */
  screen: { remote: TelemetryUnit; route: string } | null;
}

/**
 * Runs the loaders of the routes the page's URL matches, as the router would on a first load, so that when it hydrates
 * a server-rendered page every screen is loaded and its first render is the server's (docs/decisions/037). A remote's
 * route loader loads that remote's screen (src/federation/remote-area-routes.tsx); a failure rejects, and the page
 * is then rendered afresh.
 */
export async function loadMatchedScreens(routes: RouteObject[], location: Location): Promise<MatchedScreens> {
  const matches = matchRoutes(routes, location) ?? [];
  const request = new Request(location.href);
  const loaded = await Promise.all(
    matches.map(async ({ route, params }) => {
      if (typeof route.loader !== 'function' || !route.id) return null;
      const args = { request, params, context: undefined } as LoaderFunctionArgs;
      return [route.id, await route.loader(args)] as const;
    }),
  );
  return {
    loaderData: Object.fromEntries(loaded.filter((entry) => entry !== null)),
    screen: screenAt(routes, location),
  };
}

/** The remote whose screen a URL shows and its route pattern; null for the shell's own pages. */
export function screenAt(routes: RouteObject[], location: Location): MatchedScreens['screen'] {
  const remoteMatch = matchRoutes(routes, location)?.findLast(({ route }) => typeof route.handle?.remote === 'string');
  return remoteMatch
    ? { remote: remoteMatch.route.handle.remote as TelemetryUnit, route: remoteMatch.route.path ?? '' }
    : null;
}
