import { RESUME_ACTION_PARAM } from '@bookswap/contract/routing';
import { RESUME_ID_PARAM } from '../book-actions/resume-id-param';
import { bookListQuery, readBookListPlace } from '../book-list/book-list-query';
import { SAVE_AFTER_SIGN_IN } from '../saved-search/save-after-sign-in';
import { publicPageOf } from './public-page';

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

/**
 * The one URL of the public page at `path` and `search`, or null for a path that is no public page. The shell's
 * server redirects any other spelling to it and keeps one render per canonical URL, so an unknown parameter, a
 * default written out or another order never makes a new render (the list reads the same place from either).
 */
export function canonicalPage(path: string, search: string): CanonicalPage | null {
  const page = publicPageOf(path);
  if (!page) return null;
  const asked = new URLSearchParams(search);
  const query =
    page.kind === 'list' || page.kind === 'category' ? bookListQuery(readBookListPlace(asked)) : new URLSearchParams();
  // A category page's category is its path's: the control for it is not on that page.
  if (page.kind === 'category') query.delete('category');
  const afterSignIn = AFTER_SIGN_IN.flatMap((name) => asked.getAll(name).map((value) => [name, value] as const));
  for (const [name, value] of afterSignIn) query.append(name, value);
  const canonicalPath =
    page.kind === 'home'
      ? '/'
      : page.kind === 'categories'
        ? '/category'
        : page.kind === 'list'
          ? '/booklist'
          : `/category/${encodeURIComponent(page.categoryId)}`;
  return { path: canonicalPath, search: query.toString(), renders: afterSignIn.length === 0 };
}
