export { accessOf } from './route-access';
export type { BookswapRouteHandle, RemoteRoutes, RouteAccess } from './route-access';
