export { accessOf, mayOpen, remoteRoute } from './route-access';
export type { BookswapRouteHandle, RemoteRoutes, RouteAccess } from './route-access';
export {
  LOGIN_PATH,
  LOGIN_REASON_TEXT,
  RESUME_ACTION_PARAM,
  isLoginReason,
  loginHref,
  loginReasonOf,
  loginRedirectState,
  loginStateOf,
  pageRedirectState,
  signInPageOf,
  SIGN_IN_PAGE_TEXT,
} from './login-redirect';
export type { LoginReason, LoginRedirectState, PageRedirectState, SignInPage } from './login-redirect';
export { ALL_ROUTES, ROUTES, defineRoute, menuRoutes, routesOwnedBy } from './paths';
export type { AppRoute, PathParams, RemoteName, RouteLayout, RouteMenu, RouteName, RouteOwner } from './paths';
