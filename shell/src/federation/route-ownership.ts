import { routesOwnedBy, type AppRoute, type RemoteName, type RouteLayout } from '@bookswap/shared/routing';

export type { RemoteName } from '@bookswap/shared/routing';
export type RemoteLayout = RouteLayout;

/**
 * The shell's view of the route table: which remote owns which paths in which layout, known before
 * any remote has loaded, so a path whose remote is slow or down shows that remote's fallback, not the
 * 404, and a guard can refuse a visitor before the remote is downloaded.
 */
export interface RemoteArea {
  name: RemoteName;
  /** Shown in the fallback when the remote cannot be loaded. */
  label: string;
  layout: RemoteLayout;
  routes: readonly AppRoute[];
}

const LABELS: Record<RemoteName, string> = {
  storefront: 'Storefront',
  checkout: 'Checkout',
  seller: 'Seller',
  admin: 'Admin',
};

export const REMOTE_AREAS: readonly RemoteArea[] = (Object.keys(LABELS) as RemoteName[]).map((name) => {
  const routes = routesOwnedBy(name);
  return { name, label: LABELS[name], layout: routes[0]?.layout ?? 'public', routes };
});

export function remoteArea(name: RemoteName): RemoteArea {
  const area = REMOTE_AREAS.find((candidate) => candidate.name === name);
  if (!area) throw new Error(`Unknown remote ${name}`);
  return area;
}
