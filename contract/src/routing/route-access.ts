import type { LazyRouteFunction, RouteObject } from 'react-router-dom';
import type { Role } from '../auth/roles';
import type { AppRoute, RouteLayout, RouteMenu } from './paths';

/** Who may open a route; the shell's guards read it from the route table (docs/architecture.md). */
export type RouteAccess = 'public' | 'user' | 'seller' | 'admin';

export interface BookswapRouteHandle {
  access: RouteAccess;
  /** Shown in the document title and the fallback when the screen fails to load. */
  title?: string;
  /** The rest of the route's facts, so a release build can write them into release.json (docs/decisions/021). */
  layout?: RouteLayout;
  menu?: RouteMenu;
}

/** What each remote's `./routes` module exports as default. */
export type RemoteRoutes = RouteObject[];

export function accessOf(route: { handle?: unknown }): RouteAccess {
  const handle = route.handle as Partial<BookswapRouteHandle> | undefined;
  return handle?.access ?? 'public';
}

/** product.md §2 and §6: public for anyone, `user` for any signed-in user, `seller` and `admin` for that role only. */
export function mayOpen(access: RouteAccess, session: { signedIn: boolean; role: Role | null }): boolean {
  if (access === 'public') return true;
  if (!session.signedIn) return false;
  return access === 'user' || session.role === access;
}

/**
 * A remote's route object for one entry of the route table: path, access and title come from the
 * table, the remote adds only its lazily loaded screen (and loader).
 */
export function remoteRoute(
  entry: Pick<AppRoute, 'path' | 'access' | 'title' | 'layout' | 'menu'>,
  lazy: LazyRouteFunction<RouteObject>,
): RouteObject {
  const { path, access, title, layout, menu } = entry;
  const handle: BookswapRouteHandle = { access, title, layout, ...(menu ? { menu } : {}) };
  return { path, handle, lazy };
}
