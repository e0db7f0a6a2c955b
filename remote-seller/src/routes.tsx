import type { RemoteRoutes } from '@bookswap/shared/routing';

// Absolute paths (ARCHITECTURE.md); the shell mounts them in its dashboard layout and guards by handle.access.
const routes: RemoteRoutes = [
  {
    path: '/dashboard/myproduct',
    handle: { access: 'seller', title: 'My Product' },
    lazy: async () => ({ Component: (await import('./my-products/MyProductsPage')).MyProductsPage }),
  },
  {
    path: '/dashboard/addproduct',
    handle: { access: 'seller', title: 'Add Product' },
    lazy: async () => ({ Component: (await import('./add-product/AddProductPage')).AddProductPage }),
  },
];

export default routes;
