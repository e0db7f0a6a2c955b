import type { RouteObject } from 'react-router-dom';

/** /login and /signup, mounted by the shell in its public layout; the forms load on first visit. */
export const signInRoutes: RouteObject[] = [
  {
    path: '/login',
    handle: { access: 'public', title: 'Login' },
    lazy: async () => ({ Component: (await import('./LoginPage')).LoginPage }),
  },
  {
    path: '/signup',
    handle: { access: 'public', title: 'Sign up' },
    lazy: async () => ({ Component: (await import('./SignupPage')).SignupPage }),
  },
];
