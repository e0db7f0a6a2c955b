import type { RouteObject } from 'react-router-dom';
import type { SessionStore } from '@bookswap/contract/auth';
import { ROUTES } from '@bookswap/contract/routing';
import { LoadingSpinner } from '@bookswap/shared/ui';
import { signInRoutes } from '../sign-in/sign-in-routes';
import { remoteAreaRoutes, type RemoteAreaOptions } from '../federation/remote-area-routes';
import type { RemoteRoutesLoader } from '../federation/remote-routes-loader';
import { remoteAreas, type RemoteLayout } from '../federation/route-ownership';
import { RequireAccess } from '../guards/RequireAccess';
import { LazyDashboardLayout } from '../layout/LazyDashboardLayout';
import { PublicLayout } from '../layout/PublicLayout';
import { NotFoundScreen } from '../route-errors/NotFoundScreen';
import { ShellRouteError } from '../route-errors/ShellRouteError';
import { AppFrame } from './AppFrame';

/**
 * The whole route tree: the shell's own screens, and each remote's area in the layout it belongs to.
 * Error elements sit inside the layouts so the navigation stays usable on an error screen.
 */
export function createAppRoutes(
  remotes: RemoteRoutesLoader,
  session: SessionStore,
  options: RemoteAreaOptions = {},
): RouteObject[] {
  const areasIn = (layout: RemoteLayout) =>
    remoteAreas()
      .filter((area) => area.layout === layout)
      .map((area) => remoteAreaRoutes(area, remotes, session, options));

  return [
    {
      id: 'root',
      element: <AppFrame />,
      errorElement: <ShellRouteError />,
      hydrateFallbackElement: <LoadingSpinner label="Loading Bookswap" />,
      children: [
        {
          id: 'public-layout',
          element: <PublicLayout />,
          children: [
            {
              errorElement: <ShellRouteError />,
              children: [...signInRoutes, ...areasIn('public'), { path: '*', element: <NotFoundScreen /> }],
            },
          ],
        },
        {
          id: 'dashboard-layout',
          path: ROUTES.dashboard.path,
          element: (
            <RequireAccess access={ROUTES.dashboard.access}>
              <LazyDashboardLayout />
            </RequireAccess>
          ),
          children: [
            {
              errorElement: <ShellRouteError />,
              children: [
                {
                  index: true,
                  // Its own chunk: no public page needs it, and a page rendered on the server hydrates with less.
                  lazy: async () => ({
                    Component: (await import('../dashboard-welcome/DashboardWelcome')).DashboardWelcome,
                  }),
                },
                ...areasIn('dashboard'),
                { path: '*', element: <NotFoundScreen /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}
