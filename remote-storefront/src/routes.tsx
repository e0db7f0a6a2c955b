import { remoteRoute, ROUTES, type RemoteRoutes } from '@bookswap/shared/routing';

// Paths, access and titles come from the route table in shared; the shell mounts these in its public
// layout and guards them before they load. Each screen is its own chunk so the home page does not pay
// for the book list or the details.
const routes: RemoteRoutes = [
  remoteRoute(ROUTES.home, async () => ({ Component: (await import('./home/HomePage')).HomePage })),
  remoteRoute(ROUTES.categories, async () => ({
    Component: (await import('./categories/CategoryListPage')).CategoryListPage,
  })),
  remoteRoute(ROUTES.categoryProducts, async () => {
    const page = await import('./category-products/CategoryProductsPage');
    return { Component: page.CategoryProductsPage, loader: page.categoryProductsLoader };
  }),
  remoteRoute(ROUTES.bookList, async () => ({ Component: (await import('./book-list/BookListPage')).BookListPage })),
  remoteRoute(ROUTES.bookDetails, async () => {
    const page = await import('./book-details/BookDetailsPage');
    return { Component: page.BookDetailsPage, loader: page.bookDetailsLoader };
  }),
];

export default routes;
