import type { RouteObject } from 'react-router-dom';

/** Who may open a route; the shell's guards read it from `handle.access` (ARCHITECTURE.md). */
export type RouteAccess = 'public' | 'user' | 'seller' | 'admin';

export interface BookswapRouteHandle {
  access: RouteAccess;
  /** Shown in the document title and the fallback when the screen fails to load. */
  title?: string;
}

/** What each remote's `./routes` module exports as default. */
export type RemoteRoutes = RouteObject[];

export function accessOf(route: { handle?: unknown }): RouteAccess {
  const handle = route.handle as Partial<BookswapRouteHandle> | undefined;
  return handle?.access ?? 'public';
}
