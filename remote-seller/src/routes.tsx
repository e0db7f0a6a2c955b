import { remoteRoute, ROUTES, type RemoteRoutes } from '@bookswap/contract/routing';

// Paths, access and titles come from the route table in shared; the shell mounts these in its
// dashboard layout and guards them before they load. One lazy chunk per screen.
const routes: RemoteRoutes = [
  remoteRoute(ROUTES.myProducts, async () => ({
    Component: (await import('./my-products/MyProductsPage')).MyProductsPage,
  })),
  remoteRoute(ROUTES.bookingRequests, async () => ({
    Component: (await import('./booking-requests/BookingRequestsPage')).BookingRequestsPage,
  })),
  remoteRoute(ROUTES.addProduct, async () => ({
    Component: (await import('./add-product/AddProductPage')).AddProductPage,
  })),
];

export default routes;
