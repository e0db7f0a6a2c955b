import { productQueries } from '@bookswap/shared/api';
import { ROUTES } from '@bookswap/contract/routing';
import { categoriesRead } from '../categories/use-categories';
import { homeHead } from '../page-head/page-head';
import { publicPageRoute } from '../public-page/public-page-route';
import { HomePage } from './HomePage';

/**
 * `/`: the categories and the Ads list (product.md §7). The ads are asked for as the navigation starts, beside the
 * page's code (on a cold load they showed about 2 s after the rest of the page); the page comes with the routes
 * module, as the shell's early start downloads it (docs/decisions/015).
 */
export const homeRoute = publicPageRoute(
  ROUTES.home,
  {
    reads: () => ({ categories: categoriesRead, ads: productQueries.advertised() }),
    head: (origin) => homeHead(origin),
  },
  async () => HomePage,
);
