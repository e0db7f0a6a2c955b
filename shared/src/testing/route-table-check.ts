import type { RouteObject } from 'react-router-dom';
import { accessOf } from '@bookswap/contract/routing';
import { routesOwnedBy, type RouteOwner } from '@bookswap/contract/routing';

/**
 * What a remote (or the shell) serves against what the route table gives it: every path both ways,
 * with the table's access. A test per package calls it, so a path added on one side only fails. A remote may
 * serve a path the table does not know yet when the route carries its own facts (`remoteRoute(defineRoute(...))`):
 * its release brings them to the shell (docs/decisions/021).
 */
export function routeTableMismatches(owner: RouteOwner, routes: RouteObject[]): string[] {
  const table = routesOwnedBy(owner);
  const served = routes.filter((route) => route.path !== undefined);
  const problems: string[] = [];
  for (const route of served) {
    const entry = table.find((candidate) => candidate.path === route.path);
    const ownFacts = (route.handle as { layout?: unknown } | undefined)?.layout !== undefined;
    if (!entry && !ownFacts) problems.push(`${owner} serves ${route.path}, which the route table does not list for it`);
    else if (entry && route.handle !== undefined && accessOf(route) !== entry.access)
      problems.push(`${route.path} is ${accessOf(route)} here but ${entry.access} in the route table`);
  }
  for (const entry of table) {
    if (!served.some((route) => route.path === entry.path))
      problems.push(`the route table gives ${entry.path} to ${owner}, which does not serve it`);
  }
  return problems;
}
