import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AuthContext, signedOutAuth, type AuthContextValue, type Role } from '@bookswap/contract/auth';

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

/** Renders route objects in a memory router at `path`, under the given auth context value. */
export function renderRoutes(routes: RouteObject[], { path = '/', auth = signedOutAuth } = {}) {
  // A pathless root with a hydrate fallback, as the shell's own root has.
  const router = createMemoryRouter([{ HydrateFallback: () => null, children: routes }], { initialEntries: [path] });
  const view = render(
    <AuthContext.Provider value={auth}>
      <RouterProvider router={router} />
    </AuthContext.Provider>,
  );
  return { ...view, router };
}
