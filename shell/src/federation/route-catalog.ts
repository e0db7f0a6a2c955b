import { routePathKey, type RouteFacts } from '@bookswap/shared/releases';
import { ALL_ROUTES, type RemoteName, type RouteMenu, type RouteOwner } from '@bookswap/contract/routing';
import type { RemoteManifestList } from './remote-manifest-list';

export type CatalogRoute = RouteFacts & { owner: RouteOwner };

/**
 * Every route the shell serves in this page load: its own, and each remote's as its release says
 * (docs/decisions/021), so a release that adds a path is guarded, mounted and listed in the menus with no shell
 * build. A remote whose remotes.json entry carries no routes keeps the shell's own table for it.
 */
export interface RouteCatalog {
  routes: readonly CatalogRoute[];
  ownedBy(owner: RouteOwner): CatalogRoute[];
  menu(place: RouteMenu['place']): CatalogRoute[];
}

/** The shell's own route table as data: every route's facts, without `href`. */
export function tableRoutes(): CatalogRoute[] {
  return ALL_ROUTES.map(({ path, owner, layout, access, title, menu }) => ({
    path,
    owner,
    layout,
    access,
    title,
    ...(menu ? { menu } : {}),
  }));
}

export function createRouteCatalog(remotes: RemoteManifestList = []): RouteCatalog {
  const released = new Map<string, RouteFacts[]>();
  for (const remote of remotes) if (remote.routes) released.set(remote.name, remote.routes);
  // The table's order, each released remote's routes where its first route stood, then the routes of a remote
  // the table does not know.
  const routes: CatalogRoute[] = [];
  const placed = new Set<string>();
  // Paths compared as the router matches them, so a path spelled another way is the table's path, not a new one.
  const tableOrder = tableRoutes().map((route) => routePathKey(route.path));
  const tablePlace = (route: RouteFacts) => tableOrder.indexOf(routePathKey(route.path));
  const place = (owner: RemoteName) => {
    placed.add(owner);
    // Paths the table knows keep its order (menus stay as they were); new ones follow, in the release's order.
    const ownRoutes = released.get(owner) ?? [];
    const known = ownRoutes.filter((route) => tablePlace(route) >= 0).sort((a, b) => tablePlace(a) - tablePlace(b));
    const added = ownRoutes.filter((route) => tablePlace(route) < 0);
    for (const route of [...known, ...added]) routes.push({ ...route, owner });
  };
  for (const route of tableRoutes()) {
    if (route.owner === 'shell' || !released.has(route.owner)) routes.push(route);
    else if (!placed.has(route.owner)) place(route.owner);
  }
  for (const owner of released.keys()) if (!placed.has(owner)) place(owner as RemoteName);
  return {
    routes,
    ownedBy: (owner) => routes.filter((route) => route.owner === owner),
    menu: (where) => routes.filter((route) => route.menu?.place === where),
  };
}

let current = createRouteCatalog();

/** The page's catalog, set once at start-up from remotes.json; the shell's own table until then (and in tests). */
export function routeCatalog(): RouteCatalog {
  return current;
}

export function setRouteCatalog(catalog: RouteCatalog): void {
  current = catalog;
}
