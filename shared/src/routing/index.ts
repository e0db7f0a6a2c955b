export { accessOf } from './route-access';
export type { BookswapRouteHandle, RemoteRoutes, RouteAccess } from './route-access';
export { LOGIN_PATH, loginRedirectState } from './login-redirect';
export type { LoginRedirectState } from './login-redirect';
