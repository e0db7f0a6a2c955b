import type { RemoteRoutes } from '@bookswap/shared/routing';

// Absolute paths (ARCHITECTURE.md); the shell mounts them in its dashboard layout and guards by handle.access.
const routes: RemoteRoutes = [
  {
    path: '/dashboard/myorder',
    handle: { access: 'user', title: 'My Orders' },
    lazy: async () => ({ Component: (await import('./my-orders/MyOrdersPage')).MyOrdersPage }),
  },
  {
    path: '/dashboard/payment/:id',
    handle: { access: 'user', title: 'Payment' },
    lazy: async () => ({ Component: (await import('./payment/PaymentPage')).PaymentPage }),
  },
];

export default routes;
