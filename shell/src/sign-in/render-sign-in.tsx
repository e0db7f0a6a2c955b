import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { AuthContext, signedOutAuth, type AuthContextValue } from '@bookswap/shared/auth';
import { LoginPage } from './LoginPage';
import { SignupPage } from './SignupPage';

function Landed() {
  const { pathname } = useLocation();
  return <p>Landed on {pathname}</p>;
}

/**
 * Renders the sign-in screens in a data router with a fake auth value, starting at `at` with the navigation
 * state a guard leaves (`from`). Any other path shows where the screen sent the user.
 */
export function renderSignIn({
  at,
  from,
  auth,
}: {
  at: '/login' | '/signup';
  from?: string;
  auth: Partial<AuthContextValue>;
}) {
  const routes: RouteObject[] = [
    { path: '/login', Component: LoginPage },
    { path: '/signup', Component: SignupPage },
    { path: '*', Component: Landed },
  ];
  const router = createMemoryRouter(routes, {
    initialEntries: [{ pathname: at, state: from ? { from: { pathname: from, search: '', hash: '' } } : null }],
  });
  render(
    <AuthContext.Provider value={{ ...signedOutAuth, ...auth }}>
      <RouterProvider router={router} />
      <ToastContainer />
    </AuthContext.Provider>,
  );
  return router;
}

/** A promise the test settles by hand, to look at the screen while an action is still running. */
export function pending<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
