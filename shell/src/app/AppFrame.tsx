import { Outlet, ScrollRestoration } from 'react-router-dom';

/** The root route: what every screen shares under the router. */
export function AppFrame() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
