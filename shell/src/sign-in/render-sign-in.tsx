import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { AuthContext, signedOutAuth, type AuthContextValue } from '@bookswap/contract/auth';
import type { LoginRedirectState, PageRedirectState } from '@bookswap/contract/routing';
import { LoginPage } from './LoginPage';
import { PasswordResetContext, type SendPasswordReset } from './password-reset';
import { SignupPage } from './SignupPage';

function Landed() {
  const { pathname, search } = useLocation();
  return (
    <p>
      Landed on {pathname}
      {search}
    </p>
  );
}

/**
 * Renders the sign-in screens in a data router with a fake auth value, starting at `at` with the navigation
 * state a guard leaves (`from`), or the whole state an action leaves (`state`, with its reason). Any other path
 * shows where the screen sent the user.
 */
export function renderSignIn({
  at,
  from,
  state,
  auth,
  sendPasswordReset = jest.fn(),
}: {
  /** The screen, with the query a link to it may carry (`loginHref`). */
  at: `/login${string}` | '/signup';
  from?: string;
  state?: LoginRedirectState | PageRedirectState;
  auth: Partial<AuthContextValue>;
  sendPasswordReset?: SendPasswordReset;
}) {
  const routes: RouteObject[] = [
    { path: '/login', Component: LoginPage },
    { path: '/signup', Component: SignupPage },
    { path: '*', Component: Landed },
  ];
  const router = createMemoryRouter(routes, {
    initialEntries: [
      {
        pathname: at.split('?')[0],
        search: at.includes('?') ? `?${at.split('?')[1]}` : '',
        state: state ?? (from ? { from: { pathname: from, search: '', hash: '' } } : null),
      },
    ],
  });
  render(
    <AuthContext.Provider value={{ ...signedOutAuth, ...auth }}>
      <PasswordResetContext.Provider value={sendPasswordReset}>
        <RouterProvider router={router} />
      </PasswordResetContext.Provider>
      <ToastContainer />
    </AuthContext.Provider>,
  );
  return router;
}

/** Where Book Now's "sign in first" sends a visitor back to: the details page, reopening the booking modal. */
export const bookDetailsResumingBook = {
  pathname: '/bookDetails/42',
  search: '?resume=book',
  hash: '',
  state: null,
  key: 'details',
};

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
