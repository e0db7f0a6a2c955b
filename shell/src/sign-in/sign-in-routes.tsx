import type { RouteObject } from 'react-router-dom';
import { ROUTES } from '@bookswap/contract/routing';
import { preloadFirebase } from './identity-provider';

/** /login and /signup, mounted by the shell in its public layout; the forms load on first visit. */
export const signInRoutes: RouteObject[] = [
  {
    path: ROUTES.login.path,
    handle: { access: ROUTES.login.access, title: ROUTES.login.title },
    lazy: async () => {
      preloadFirebase();
      return { Component: (await import('./LoginPage')).LoginPage };
    },
  },
  {
    path: ROUTES.signup.path,
    handle: { access: ROUTES.signup.access, title: ROUTES.signup.title },
    lazy: async () => {
      preloadFirebase();
      return { Component: (await import('./SignupPage')).SignupPage };
    },
  },
];
