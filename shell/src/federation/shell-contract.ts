import type { ShellContract } from '@bookswap/shared/releases';
import { ALL_ROUTES } from '@bookswap/shared/routing';

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
    routes: ALL_ROUTES.map(({ path, owner, layout, access, title, menu }) => ({
      path,
      owner,
      layout,
      access,
      title,
      ...(menu ? { menu } : {}),
    })),
  };
}
