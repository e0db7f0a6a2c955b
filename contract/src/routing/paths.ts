import type { RouteAccess } from './route-access';

/** Who serves a route: the shell itself or one of the four remotes (docs/architecture.md "Route ownership"). */
export type RouteOwner = 'shell' | 'storefront' | 'checkout' | 'seller' | 'admin';
export type RemoteName = Exclude<RouteOwner, 'shell'>;

/** The shell layout a route is mounted in. */
export type RouteLayout = 'public' | 'dashboard';

/** The menu a route appears in, with the label product.md §2 gives it there. */
export type RouteMenu = { place: 'top' | 'dashboard'; label: string };

/** `:id` and `:category_id` in a path become the keys `href` needs. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
export type PathParams<P extends string> = Record<ParamNames<P>, string>;

export interface AppRoute<P extends string = string> {
  path: P;
  owner: RouteOwner;
  layout: RouteLayout;
  access: RouteAccess;
  /** The document title and the remote fallback's name for the screen. */
  title: string;
  menu?: RouteMenu;
  /** The URL of this route with its parameters filled in (and encoded). */
  href(...params: ParamNames<P> extends never ? [] : [PathParams<P>]): string;
}

/**
 * One route's facts with its `href`. The table below uses it; a remote may too, for a screen at a path the
 * shell's table does not know yet: its release carries the facts to the shell (docs/decisions/021).
 */
export function defineRoute<P extends string>(path: P, facts: Omit<AppRoute<P>, 'path' | 'href'>): AppRoute<P> {
  return {
    path,
    ...facts,
    href: (...args) => {
      const params = (args[0] ?? {}) as Record<string, string>;
      return path.replace(/:(\w+)/g, (_match, name: string) => {
        const value = params[name];
        if (value === undefined) throw new Error(`${path} needs the parameter ${name}`);
        return encodeURIComponent(value);
      });
    },
  };
}

/**
 * Every route of product.md §2, once. Remotes' `routes.tsx`, the shell's ownership map and guards, the top
 * navigation and the dashboard side menu all read it; `href` builds links. /category and /booklist are
 * open to anyone (the reading chosen in product.md §6); /bookDetails needs a sign-in.
 */
export const ROUTES = {
  login: defineRoute('/login', { owner: 'shell', layout: 'public', access: 'public', title: 'Login' }),
  signup: defineRoute('/signup', { owner: 'shell', layout: 'public', access: 'public', title: 'Sign up' }),
  dashboard: defineRoute('/dashboard', { owner: 'shell', layout: 'dashboard', access: 'user', title: 'Dashboard' }),

  home: defineRoute('/', {
    owner: 'storefront',
    layout: 'public',
    access: 'public',
    title: 'Home',
    menu: { place: 'top', label: 'Home' },
  }),
  categories: defineRoute('/category', {
    owner: 'storefront',
    layout: 'public',
    access: 'public',
    title: 'Book Categories',
    menu: { place: 'top', label: 'Category list' },
  }),
  categoryProducts: defineRoute('/category/:category_id', {
    owner: 'storefront',
    layout: 'public',
    access: 'public',
    title: 'Category',
  }),
  bookList: defineRoute('/booklist', {
    owner: 'storefront',
    layout: 'public',
    access: 'public',
    title: 'Book List',
    menu: { place: 'top', label: 'Book List' },
  }),
  bookDetails: defineRoute('/bookDetails/:id', {
    owner: 'storefront',
    layout: 'public',
    access: 'user',
    title: 'Book Details',
  }),

  myOrders: defineRoute('/dashboard/myorder', {
    owner: 'checkout',
    layout: 'dashboard',
    access: 'user',
    title: 'My Orders',
    menu: { place: 'dashboard', label: 'My Orders' },
  }),
  payment: defineRoute('/dashboard/payment/:id', {
    owner: 'checkout',
    layout: 'dashboard',
    access: 'user',
    title: 'Payment',
  }),

  myProducts: defineRoute('/dashboard/myproduct', {
    owner: 'seller',
    layout: 'dashboard',
    access: 'seller',
    title: 'My Product',
    menu: { place: 'dashboard', label: 'My Product' },
  }),
  bookingRequests: defineRoute('/dashboard/booking-requests', {
    owner: 'seller',
    layout: 'dashboard',
    access: 'seller',
    title: 'Booking Requests',
    menu: { place: 'dashboard', label: 'Booking Requests' },
  }),
  addProduct: defineRoute('/dashboard/addproduct', {
    owner: 'seller',
    layout: 'dashboard',
    access: 'seller',
    title: 'Add Product',
  }),

  allBuyers: defineRoute('/dashboard/alluser', {
    owner: 'admin',
    layout: 'dashboard',
    access: 'admin',
    title: 'All Buyer List',
    menu: { place: 'dashboard', label: 'All Buyer' },
  }),
  allSellers: defineRoute('/dashboard/allseller', {
    owner: 'admin',
    layout: 'dashboard',
    access: 'admin',
    title: 'All Seller List',
    menu: { place: 'dashboard', label: 'All Seller' },
  }),
  reports: defineRoute('/dashboard/show-report', {
    owner: 'admin',
    layout: 'dashboard',
    access: 'admin',
    title: 'Report',
    menu: { place: 'dashboard', label: 'Report' },
  }),
  auditLog: defineRoute('/dashboard/audit', {
    owner: 'admin',
    layout: 'dashboard',
    access: 'admin',
    title: 'Audit Log',
    menu: { place: 'dashboard', label: 'Audit Log' },
  }),
  releases: defineRoute('/dashboard/releases', {
    owner: 'admin',
    layout: 'dashboard',
    access: 'admin',
    title: 'Releases',
    menu: { place: 'dashboard', label: 'Releases' },
  }),
} as const;

export type RouteName = keyof typeof ROUTES;

/** The table as a list, in the order above (menus keep that order). */
export const ALL_ROUTES: readonly AppRoute[] = Object.values(ROUTES) as AppRoute[];

export function routesOwnedBy(owner: RouteOwner): AppRoute[] {
  return ALL_ROUTES.filter((entry) => entry.owner === owner);
}

export function menuRoutes(place: RouteMenu['place']): AppRoute[] {
  return ALL_ROUTES.filter((entry) => entry.menu?.place === place);
}
