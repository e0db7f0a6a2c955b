import type { RemoteRoutes } from '@bookswap/shared/routing';

// Absolute paths: the shell mounts these under its public layout and guards them by `handle.access`.
// Each screen is its own chunk so the home page does not pay for the book list or the details.
const routes: RemoteRoutes = [
  {
    path: '/',
    handle: { access: 'public', title: 'Home' },
    lazy: async () => ({ Component: (await import('./home/HomePage')).HomePage }),
  },
  {
    path: '/category',
    handle: { access: 'public', title: 'Book Categories' },
    lazy: async () => ({ Component: (await import('./categories/CategoryListPage')).CategoryListPage }),
  },
  {
    path: '/category/:category_id',
    handle: { access: 'public', title: 'Category' },
    lazy: async () => {
      const page = await import('./category-products/CategoryProductsPage');
      return { Component: page.CategoryProductsPage, loader: page.categoryProductsLoader };
    },
  },
  {
    path: '/booklist',
    handle: { access: 'public', title: 'Book List' },
    lazy: async () => ({ Component: (await import('./book-list/BookListPage')).BookListPage }),
  },
  {
    path: '/bookDetails/:id',
    handle: { access: 'user', title: 'Book Details' },
    lazy: async () => {
      const page = await import('./book-details/BookDetailsPage');
      return { Component: page.BookDetailsPage, loader: page.bookDetailsLoader };
    },
  },
];

export default routes;
