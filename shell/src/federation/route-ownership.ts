import type { RemoteName, RouteLayout } from '@bookswap/contract/routing';
import { routeCatalog, type CatalogRoute, type RouteCatalog } from './route-catalog';

export type { RemoteName } from '@bookswap/contract/routing';
export type RemoteLayout = RouteLayout;

/**
 * The shell's view of the routes: which remote owns which paths in which layout, known before any remote has
 * loaded, so a path whose remote is slow or down shows that remote's fallback, not the 404, and a guard can
 * refuse a visitor before the remote is downloaded.
 */
export interface RemoteArea {
  name: RemoteName;
  /** Shown in the fallback when the remote cannot be loaded. */
  label: string;
  layout: RemoteLayout;
  routes: readonly CatalogRoute[];
}

const LABELS: Record<RemoteName, string> = {
  storefront: 'Storefront',
  checkout: 'Checkout',
  seller: 'Seller',
  admin: 'Admin',
};

export function remoteAreas(catalog: RouteCatalog = routeCatalog()): RemoteArea[] {
  return (Object.keys(LABELS) as RemoteName[]).map((name) => {
    const routes = catalog.ownedBy(name);
    return { name, label: LABELS[name], layout: routes[0]?.layout ?? 'public', routes };
  });
}

export function remoteArea(name: RemoteName, catalog: RouteCatalog = routeCatalog()): RemoteArea {
  const area = remoteAreas(catalog).find((candidate) => candidate.name === name);
  if (!area) throw new Error(`Unknown remote ${name}`);
  return area;
}
