import { configure, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ToastContainer } from 'react-toastify';
import { AuthContext, signedOutAuth, type AuthContextValue, type SignedInIdentity } from '@bookswap/shared/auth';

// Four helpers share two cores: a screen may need more than the default second to settle.
configure({ asyncUtilTimeout: 5000 });

export const buyer: SignedInIdentity = {
  uid: 'buyer-uid',
  displayName: 'Bea Buyer',
  photoURL: null,
  email: 'buyer@bookswap.test',
};

export const signedInAs = (user: SignedInIdentity, role: AuthContextValue['role'] = 'buyer'): AuthContextValue => ({
  ...signedOutAuth,
  user,
  role,
});

function LoginStandIn() {
  const from = (useLocation().state as { from?: { pathname: string; search: string } } | null)?.from;
  return <p>Login screen, back to {from ? `${from.pathname}${from.search}` : 'nowhere'}</p>;
}

interface ScreenOptions {
  /** Routes under test; a `/login` stand-in is added to see where sign-in redirects go. */
  routes: RouteObject[];
  at: string;
  auth?: AuthContextValue;
}

/**
 * Renders storefront routes the way the shell mounts them: a data router, a fresh SWR cache per
 * test (no retries, so an error shows at once), the auth context and the toast container.
 */
export function renderScreen({ routes, at, auth = signedOutAuth }: ScreenOptions) {
  const router = createMemoryRouter(
    // A pathless root like the shell's layout, whose fallback covers the first lazy load.
    [{ HydrateFallback: () => <p>Starting</p>, children: [...routes, { path: '/login', Component: LoginStandIn }] }],
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
