import { ALL_ROUTES } from '@bookswap/contract/routing';
import type { RouteFacts } from './release-manifest';

/**
 * The route patterns release health counts (docs/decisions/025): the route table's, '/' (what the shell names a
 * page nothing matched), and every route a kept release carries (docs/decisions/021). A report naming any other
 * route is not counted, so made-up routes cannot add rows.
 */
export function countedRoutes(releasedRoutes: readonly (readonly RouteFacts[])[] = []): Set<string> {
  const routes = new Set<string>(['/', ...ALL_ROUTES.map((route) => route.path)]);
  for (const released of releasedRoutes) for (const route of released) routes.add(route.path);
  return routes;
}
