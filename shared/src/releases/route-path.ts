/**
 * A route path as React Router matches it: letters in any case (routes are not case-sensitive), empty segments (a
 * trailing or doubled slash) left out, and a parameter whatever its name. Two paths with the same key open on the
 * same addresses, so a release cannot claim another's route, or change its access, by spelling it differently.
 */
export function routePathKey(path: string): string {
  return path
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => (segment.startsWith(':') ? (segment.endsWith('?') ? ':?' : ':') : segment.toLowerCase()))
    .join('/');
}

/** Whether two route paths open on the same addresses (see `routePathKey`). */
export function sameRoutePath(a: string, b: string): boolean {
  return routePathKey(a) === routePathKey(b);
}
