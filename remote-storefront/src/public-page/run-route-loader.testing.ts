import type { LoaderFunctionArgs, RouteObject } from 'react-router-dom';

/**
 * For tests: runs a route's loader at `url` as the browser's router does (no request context), or under a server
 * render when `context` is given (`serverPageRenderContext`).
 */
export async function runRouteLoader(
  route: RouteObject,
  url: string,
  { params = {}, context }: { params?: Record<string, string>; context?: unknown } = {},
): Promise<unknown> {
  if (typeof route.loader !== 'function') throw new Error(`${route.path} has no loader`);
  const args = { params, request: new Request(new URL(url, 'http://localhost')), context };
  return route.loader(args as LoaderFunctionArgs);
}
