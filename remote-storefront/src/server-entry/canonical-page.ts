import { matchRoutes, type Params, type RouteObject } from 'react-router-dom';
import { RESUME_ACTION_PARAM } from '@bookswap/contract/routing';
import { RESUME_ID_PARAM } from '../book-actions/resume-id-param';
import { publicPageOf } from '../public-page/public-page-route';
import { SAVE_AFTER_SIGN_IN } from '../saved-search/save-after-sign-in';

/**
 * The parameters sign-in brings a visitor back with (resume a Book Now or a Report, save the search). They are acted
 * on once and taken out of the URL by the browser: kept through a redirect, never part of a rendered page.
 */
const AFTER_SIGN_IN = [RESUME_ACTION_PARAM, RESUME_ID_PARAM, SAVE_AFTER_SIGN_IN];

/** A public page's one URL: its path and the query its screens read, in one order, defaults left out. */
export interface CanonicalPage {
  path: string;
  /** The query without its `?` ('' for none). */
  search: string;
  /** False when the URL carries what sign-in came back with: that page is drawn by the browser alone. */
  renders: boolean;
}

/** The route's path with its parameters written in, each one path segment. */
const pathOf = (pattern: string, params: Params) =>
  pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

/**
 * The one URL of the public page at `path` and `search` (the path still escaped, as the browser's router reads it),
 * or null for a path that is no public page: the routes' own (public-page-route.ts), matched as the router matches
 * them. The shell's server redirects any other spelling to it and keeps one render per canonical URL, so an unknown
 * parameter, a default written out or another order never makes a new render.
 */
export function canonicalPage(routes: RouteObject[], path: string, search: string): CanonicalPage | null {
  const [match] = matchRoutes(routes, path) ?? [];
  const page = match ? publicPageOf(match.route.handle) : null;
  if (!match?.route.path || !page) return null;
  const asked = new URLSearchParams(search);
  const query = page.canonicalQuery?.({ params: match.params, query: asked }) ?? new URLSearchParams();
  const afterSignIn = AFTER_SIGN_IN.flatMap((name) => asked.getAll(name).map((value) => [name, value] as const));
  for (const [name, value] of afterSignIn) query.append(name, value);
  return { path: pathOf(match.route.path, match.params), search: query.toString(), renders: afterSignIn.length === 0 };
}
