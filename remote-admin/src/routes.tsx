import type { RemoteRoutes } from '@bookswap/shared/routing';

// Absolute paths (ARCHITECTURE.md); the shell mounts them in its dashboard layout and guards by handle.access.
const routes: RemoteRoutes = [
  {
    path: '/dashboard/allseller',
    handle: { access: 'admin', title: 'All Seller' },
    lazy: async () => ({ Component: (await import('./all-sellers/AllSellersPage')).AllSellersPage }),
  },
  {
    path: '/dashboard/alluser',
    handle: { access: 'admin', title: 'All Buyer' },
    lazy: async () => ({ Component: (await import('./all-buyers/AllBuyersPage')).AllBuyersPage }),
  },
  {
    path: '/dashboard/show-report',
    handle: { access: 'admin', title: 'Report' },
    lazy: async () => ({ Component: (await import('./reports/ReportsPage')).ReportsPage }),
  },
];

export default routes;
