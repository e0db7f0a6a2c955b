import type { RouteObject } from 'react-router-dom';
import { createSessionStore } from '@bookswap/contract/auth';
import { routesOwnedBy } from '@bookswap/contract/routing';
import { REMOTE_NAMES } from '@bookswap/shared/releases';
import { routeTableMismatches } from '@bookswap/shared/testing';
import { RemoteRoutesLoader } from '../federation/remote-routes-loader';
import { createAppRoutes } from './create-app-routes';

/** Every route object in the tree with a path, with the remote area it sits in (if any). */
function pathsIn(routes: RouteObject[], area: string | null = null): { path: string; area: string | null }[] {
  return routes.flatMap((route) => {
    const here = route.id?.match(/^remote:(\w+)$/)?.[1] ?? area;
    const own = route.path && route.path !== '*' ? [{ path: route.path, area: here }] : [];
    return [...own, ...pathsIn(route.children ?? [], here)];
  });
}

const tree = createAppRoutes(
  new RemoteRoutesLoader({ registerRemotes: () => undefined, loadRemote: async () => null }, []),
  createSessionStore(),
);

describe("the shell's route tree and the route table", () => {
  it('serves exactly the paths the table gives the shell', () => {
    const own = pathsIn(tree).filter((entry) => entry.area === null);
    expect(
      routeTableMismatches(
        'shell',
        own.map(({ path }) => ({ path })),
      ),
    ).toEqual([]);
  });

  it.each(REMOTE_NAMES)("mounts every path the table gives the %s remote in that remote's area", (remote) => {
    const mounted = pathsIn(tree).filter((entry) => entry.area === remote);
    expect(mounted.map((entry) => entry.path).sort()).toEqual(
      routesOwnedBy(remote)
        .map((entry) => entry.path)
        .sort(),
    );
  });
});
