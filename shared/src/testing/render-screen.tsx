import { configure, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ToastContainer } from 'react-toastify';
import { AuthContext, signedOutAuth, type AuthContextValue } from '@bookswap/contract/auth';
import type { Role } from '../schemas';
import { sampleIdentities } from './samples';

// Several test workers share two cores: a screen may need more than the default second to settle.
configure({ asyncUtilTimeout: 5000 });

/** The auth context a signed-in user of that role gets from the shell (one of `sampleIdentities`). */
export function signedInAs(role: Role, overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    ...signedOutAuth,
    user: sampleIdentities[role],
    role,
    verify: role === 'seller',
    ...overrides,
  };
}

function LoginStandIn() {
  const from = (useLocation().state as { from?: { pathname: string; search: string } } | null)?.from;
  return <p>Login screen, back to {from ? `${from.pathname}${from.search}` : 'nowhere'}</p>;
}

interface ScreenOptions {
  /** The remote's exposed routes (its `routes.tsx` default export); a `/login` stand-in is added. */
  routes: RouteObject[];
  at: string;
  /** A role (signed in as its sample identity), a whole auth value, or signed out by default. */
  as?: Role | AuthContextValue;
  /** Other routes the story navigates to, such as another remote's screen. */
  extraRoutes?: RouteObject[];
}

/**
 * Renders a remote's routes the way the shell mounts them: a data router, a fresh SWR cache per
 * test (no retries, so an error shows at once), the auth context and the toast container. The shell
 * guards; a remote's tests see its screens as the given user.
 */
export function renderScreen({ routes, at, as, extraRoutes = [] }: ScreenOptions) {
  const auth = as === undefined ? signedOutAuth : typeof as === 'string' ? signedInAs(as) : as;
  const router = createMemoryRouter(
    // A pathless root like the shell's layout, whose fallback covers the first lazy load.
    [
      {
        HydrateFallback: () => <p>Starting</p>,
        children: [...routes, ...extraRoutes, { path: '/login', Component: LoginStandIn }],
      },
    ],
    { initialEntries: [at] },
  );
  const view = render(
    <AuthContext.Provider value={auth}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
        <RouterProvider router={router} />
        <ToastContainer />
      </SWRConfig>
    </AuthContext.Provider>,
  );
  return { ...view, router };
}

/** A toast's text as the user sees it (react-toastify renders it in its own container). */
export const findToast = (text: string | RegExp) =>
  screen.findByText(text, { selector: '.Toastify__toast, .Toastify__toast *' });
