import type { ShellContract } from '@bookswap/shared/releases';
import { tableRoutes } from './route-catalog';

/** Set by the shell's production build (tooling/webpack/create-config.cjs); absent in tests and development. */
declare const BOOKSWAP_SHELL_PROVIDES: Omit<ShellContract, 'routes'> | undefined;

/**
 * What this shell offers a remote: the shared version and singletons its build provides and the route rules it
 * was built with. Null where the build did not say (tests, development): nothing is checked then.
 */
export function builtShellContract(): ShellContract | null {
  if (typeof BOOKSWAP_SHELL_PROVIDES === 'undefined') return null;
  return {
    ...BOOKSWAP_SHELL_PROVIDES,
    routes: tableRoutes(),
  };
}
