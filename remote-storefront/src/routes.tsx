import { remoteRoute, ROUTES, type RemoteRoutes } from '@bookswap/contract/routing';
import { BookListPage } from './book-list/BookListPage';
import { HomePage } from './home/HomePage';
import { homeLoader } from './home/use-advertised-products';
import { SELLER_ROUTE } from './seller-page/seller-route';

// Paths, access and titles come from the route table in shared; the shell mounts these in its public
// layout and guards them before they load. The two first screens (`/`, `/booklist`) come with this module,
// so the shell's early start (index.html) downloads them beside its own entry instead of one round trip
// after it (docs/decisions/015). Every other screen is its own chunk.
const routes: RemoteRoutes = [
  remoteRoute(ROUTES.home, async () => ({ Component: HomePage, loader: homeLoader })),
  remoteRoute(ROUTES.categories, async () => ({
    Component: (await import('./categories/CategoryListPage')).CategoryListPage,
  })),
  remoteRoute(ROUTES.categoryProducts, async () => {
    const page = await import('./category-products/CategoryProductsPage');
    return { Component: page.CategoryProductsPage, loader: page.categoryProductsLoader };
  }),
  remoteRoute(ROUTES.bookList, async () => ({ Component: BookListPage })),
  remoteRoute(ROUTES.bookDetails, async () => {
    const page = await import('./book-details/BookDetailsPage');
    return { Component: page.BookDetailsPage, loader: page.bookDetailsLoader };
  }),
  remoteRoute(SELLER_ROUTE, async () => {
    const page = await import('./seller-page/SellerPage');
    return { Component: page.SellerPage, loader: page.sellerPageLoader };
  }),
];

export default routes;
