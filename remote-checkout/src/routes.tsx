import { remoteRoute, ROUTES, type RemoteRoutes } from '@bookswap/contract/routing';
import { SAVED_SEARCHES_ROUTE } from './saved-searches/saved-searches-route';

// Paths, access and titles come from the route table in shared; the shell mounts these in its
// dashboard layout and guards them before they load. One lazy chunk per screen, the loader beside it.
const routes: RemoteRoutes = [
  remoteRoute(ROUTES.myOrders, async () => ({ Component: (await import('./my-orders/MyOrdersPage')).MyOrdersPage })),
  remoteRoute(ROUTES.payment, async () => {
    const page = await import('./payment/PaymentPage');
    return { Component: page.PaymentPage, loader: page.paymentLoader };
  }),
  remoteRoute(SAVED_SEARCHES_ROUTE, async () => ({
    Component: (await import('./saved-searches/SavedSearchesPage')).SavedSearchesPage,
  })),
];

export default routes;
