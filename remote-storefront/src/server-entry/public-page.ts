/** A public page the storefront draws on the server, by its path; a category's page with its id decoded once. */
export type PublicPage =
  { kind: 'home' } | { kind: 'categories' } | { kind: 'list' } | { kind: 'category'; categoryId: string };

/** `/category/:category_id`'s id (the route table's path; the id is one path segment). */
const CATEGORY_PAGE = /^\/category\/([^/]+)\/?$/;

/** The public page at `path` (as the browser's router reads it, still escaped), or null for any other path. */
export function publicPageOf(asked: string): PublicPage | null {
  const path = asked.length > 1 ? asked.replace(/\/+$/, '') : asked;
  if (path === '/') return { kind: 'home' };
  if (path === '/category') return { kind: 'categories' };
  if (path === '/booklist') return { kind: 'list' };
  const category = CATEGORY_PAGE.exec(path)?.[1];
  return category === undefined ? null : { kind: 'category', categoryId: decodeURIComponent(category) };
}
