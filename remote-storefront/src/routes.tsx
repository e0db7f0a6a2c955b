import { remoteRoute, ROUTES, type RemoteRoutes } from '@bookswap/contract/routing';
import { bookListRoute } from './book-list/book-list-route';
import { categoriesRoute } from './categories/categories-route';
import { categoryProductsRoute } from './category-products/category-products-route';
import { homeRoute } from './home/home-route';
import { SELLER_ROUTE } from './seller-page/seller-route';

// Paths, access and titles come from the route table in shared; the shell mounts these in its public
// layout and guards them before they load. The two first screens (`/`, `/booklist`) come with this module,
// so the shell's early start (index.html) downloads them beside its own entry instead of one round trip
// after it (docs/decisions/015). Every other screen is its own chunk. The public pages the shell's server renders
// are route modules of their own (public-page/public-page-route.ts): reads, head and screen declared once.
const routes: RemoteRoutes = [
  homeRoute,
  categoriesRoute,
  categoryProductsRoute,
  bookListRoute,
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
