import type { RemoteName, RouteAccess } from '@bookswap/contract/routing';
import type { ReleaseContract, RouteFacts, ShellContract } from './release-manifest';
import { sameRoutePath } from './route-path';
import { breakingPart, satisfiesRange } from './version-range';

const ACCESS: readonly RouteAccess[] = ['public', 'user', 'seller', 'admin'];
const LAYOUTS = ['public', 'dashboard'];

/**
 * Why a shell cannot host a release, one sentence per cause; empty when it can. The promote command refuses
 * a release with any, and the shell checks again before it loads one (docs/decisions/020).
 */
export function contractMismatches(
  remote: RemoteName,
  release: { contract: ReleaseContract; routes: readonly RouteFacts[] },
  shell: ShellContract,
): string[] {
  const causes: string[] = [];
  const { contract } = release;
  if (breakingPart(contract.runtime) !== breakingPart(shell.runtime)) {
    causes.push(`it was built against @bookswap/contract ${contract.runtime}; the shell provides ${shell.runtime}`);
  }
  for (const [name, range] of Object.entries(contract.singletons)) {
    const provided = shell.singletons[name];
    if (!provided) causes.push(`it needs the shared singleton ${name} ${range}, which the shell does not provide`);
    else if (!satisfiesRange(provided, range))
      causes.push(`it needs ${name} ${range}; the shell provides ${provided}`);
  }
  causes.push(...routeMismatches(remote, release.routes, shell));
  return causes;
}

function routeMismatches(remote: RemoteName, routes: readonly RouteFacts[], shell: ShellContract): string[] {
  const causes: string[] = [];
  const ownLayout = shell.routes.find((known) => known.owner === remote)?.layout;
  for (const route of routes) {
    if (!ACCESS.includes(route.access)) causes.push(`route ${route.path} asks for unknown access "${route.access}"`);
    if (!LAYOUTS.includes(route.layout)) causes.push(`route ${route.path} asks for unknown layout "${route.layout}"`);
    const known = shell.routes.find((candidate) => sameRoutePath(candidate.path, route.path));
    if (known && known.owner !== remote) causes.push(`route ${route.path} belongs to ${known.owner}, not ${remote}`);
    else if (known && known.access !== route.access)
      causes.push(`route ${route.path} is "${route.access}" in the release but "${known.access}" in the shell's rules`);
    else if (ownLayout && route.layout !== ownLayout)
      causes.push(`route ${route.path} asks for the ${route.layout} layout; ${remote} lives in the ${ownLayout} layout`);
  }
  return causes;
}
