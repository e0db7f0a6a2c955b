import { render } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AuthContext, signedOutAuth, type AuthContextValue, type Role } from '@bookswap/contract/auth';
import { LogOutEverywhereContext, type LogOutEverywhere } from '../sign-in/sign-out-everywhere';

/** The auth context a signed-in user of that role would get from the shell's provider. */
export function signedInAs(role: Role, overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    ...signedOutAuth,
    user: { uid: `uid-${role}`, displayName: `Test ${role}`, photoURL: null, email: `${role}@bookswap.test` },
    role,
    verify: role === 'seller',
    logout: jest.fn(() => Promise.resolve()),
    ...overrides,
  };
}

/**
 * Renders route objects in a memory router at `path`, under the given auth context value (and the shell's
 * "Log out of all devices" when given), with the toasts a failure shows.
 */
export function renderRoutes(
  routes: RouteObject[],
  {
    path = '/',
    auth = signedOutAuth,
    logOutEverywhere,
  }: { path?: string; auth?: AuthContextValue; logOutEverywhere?: LogOutEverywhere } = {},
) {
  // A pathless root with a hydrate fallback, as the shell's own root has.
  const router = createMemoryRouter([{ HydrateFallback: () => null, children: routes }], { initialEntries: [path] });
  const routed = <RouterProvider router={router} />;
  const view = render(
    <AuthContext.Provider value={auth}>
      {logOutEverywhere ? (
        <LogOutEverywhereContext.Provider value={logOutEverywhere}>{routed}</LogOutEverywhereContext.Provider>
      ) : (
        routed
      )}
      <ToastContainer />
    </AuthContext.Provider>,
  );
  return { ...view, router };
}
