import { useLocation, useRouteError } from 'react-router-dom';
import { ALL_ROUTES } from '@bookswap/contract/routing';
import { useCaughtErrorNoted } from '../release-health/use-caught-error-noted';
import { RouteErrorScreen } from './RouteErrorScreen';

/** The shell route's pattern for a path, never the path itself ('/' for anything else). */
function shellRouteOf(pathname: string): string {
  return ALL_ROUTES.find((route) => route.owner === 'shell' && route.path === pathname)?.path ?? '/';
}

/**
 * The error screen of the shell's own routes (sign-in, the dashboard home, the layouts): a remote's errors stop at
 * its area's boundary, so what reaches here is the shell's, and counts against the shell release in its health.
 */
export function ShellRouteError() {
  const error = useRouteError();
  const route = shellRouteOf(useLocation().pathname);
  useCaughtErrorNoted(error, 'shell', route);
  return <RouteErrorScreen />;
}
