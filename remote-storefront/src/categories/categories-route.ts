import { ROUTES } from '@bookswap/contract/routing';
import { publicPageRoute } from '../public-page/public-page-route';
import { categoriesHead } from './categories-head';
import { categoriesRead } from './use-categories';

/** `/category`: the categories by name, the screen its own chunk. */
export const categoriesRoute = publicPageRoute(
  ROUTES.categories,
  { reads: () => ({ categories: categoriesRead }), head: (origin) => categoriesHead(origin) },
  async () => (await import('./CategoryListPage')).CategoryListPage,
);
