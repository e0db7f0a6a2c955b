import { ROUTES } from '@bookswap/contract/routing';

/**
 * product.md §2: a guard sends a signed-out user to /login remembering the origin in the navigation state
 * (`state.from`, a path or a location); after login the user goes back there, or to / by default.
 */
export function returnPathFrom(state: unknown): string {
  const from = state && typeof state === 'object' && 'from' in state ? state.from : undefined;
  let path: string | undefined;
  if (typeof from === 'string') path = from;
  else if (from && typeof from === 'object' && 'pathname' in from && typeof from.pathname === 'string') {
    const search = 'search' in from && typeof from.search === 'string' ? from.search : '';
    const hash = 'hash' in from && typeof from.hash === 'string' ? from.hash : '';
    path = `${from.pathname}${search}${hash}`;
  }
  // Only paths inside this app: never an absolute or protocol-relative URL, never back to the sign-in screens.
  if (!path || !path.startsWith('/') || path.startsWith('//')) return '/';
  if (path === ROUTES.login.path || path === ROUTES.signup.path) return ROUTES.home.path;
  return path;
}
