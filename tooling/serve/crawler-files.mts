// What the shell's origin tells search engines (docs/decisions/033): robots.txt keeps the dashboard and the sign-in
// screens out and names the sitemap; sitemap.xml lists the public storefront pages, its categories and first list
// pages read from the API, on the shell's public origin.
import type { IncomingMessage } from 'node:http';
import { publicOriginOf } from './shell-runtime-files.mts';

/** How long the API's catalog answer serves the sitemap before it is asked again. */
export const SITEMAP_FRESH_MS = 5 * 60_000;
/** The sitemap names the book list's first pages only: deeper pages are found through them. */
export const SITEMAP_LIST_PAGES = 5;
const API_WAIT_MS = 2_000;
// The storefront's default page size (catalog-rules' DEFAULT_PAGE_SIZE): the list pages a visitor's pager links to.
const LIST_PAGE_SIZE = 5;

/** The API's category ids and its number of books. */
interface Catalog {
  categories: string[];
  count: number;
}

/** An answer of the shell's server for a crawler's file. */
export interface CrawlerAnswer {
  type: string;
  cacheControl: string;
  body: string;
}

/** robots.txt for a public origin. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /login',
    'Disallow: /signup',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

/**
 * sitemap.xml: `/`, `/category`, `/booklist`, each category's page and the list's first pages. `catalog`: the API's
 * category ids and book count, or null when the API could not say (the sitemap then names the fixed pages only).
 */
export function sitemapXml(origin: string, catalog: Catalog | null): string {
  const paths = ['/', '/category', '/booklist'];
  if (catalog) {
    const pages = Math.min(Math.ceil(catalog.count / LIST_PAGE_SIZE), SITEMAP_LIST_PAGES);
    // The list's URL counts pages from 0 and leaves the first page's out.
    for (let page = 1; page < pages; page++) paths.push(`/booklist?page=${page}`);
    for (const id of catalog.categories) paths.push(`/category/${encodeURIComponent(id)}`);
  }
  const urls = paths.map((path) => `  <url><loc>${escapeXml(origin + path)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** The categories (with the facet counts' ids) and the number of books, from GET /api/category/list. */
async function catalogFrom(apiUrl: string): Promise<Catalog> {
  const response = await fetch(`${apiUrl.replace(/\/+$/, '')}/api/category/list?size=${LIST_PAGE_SIZE}&facets=1`, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(API_WAIT_MS),
  });
  if (!response.ok) throw new Error(`the API answered ${response.status}`);
  const list = (await response.json()) as { count?: unknown; facets?: { category?: unknown } } | null;
  if (typeof list?.count !== 'number' || typeof list.facets?.category !== 'object' || list.facets.category === null)
    throw new Error('the API answered no book count');
  return { categories: Object.keys(list.facets.category), count: list.count };
}

/**
 * The shell server's answers for /robots.txt and /sitemap.xml. `apiUrl(request)`: the API this request's shell
 * release is configured with. A catalog read is kept SITEMAP_FRESH_MS; a failed read is not kept.
 */
export function crawlerAnswers({
  env,
  apiUrl,
  now = Date.now,
}: {
  env: Record<string, string | undefined>;
  apiUrl: (request: IncomingMessage) => string | undefined;
  now?: () => number;
}): Record<'/robots.txt' | '/sitemap.xml', (request: IncomingMessage) => Promise<CrawlerAnswer>> {
  const kept = new Map<string, { at: number; catalog: Catalog }>();
  async function catalogOf(api: string): Promise<Catalog | null> {
    const hit = kept.get(api);
    if (hit && now() - hit.at < SITEMAP_FRESH_MS) return hit.catalog;
    try {
      const catalog = await catalogFrom(api);
      kept.set(api, { at: now(), catalog });
      return catalog;
    } catch (error) {
      console.error(
        `[sitemap] the catalog could not be read from ${api}: ${error instanceof Error ? error.message : String(error)}`,
      );
      return null;
    }
  }
  return {
    '/robots.txt': async (request) => ({
      type: 'text/plain; charset=utf-8',
      cacheControl: 'public, max-age=3600',
      body: robotsTxt(publicOriginOf(env, request)),
    }),
    '/sitemap.xml': async (request) => {
      const api = apiUrl(request);
      return {
        type: 'application/xml; charset=utf-8',
        cacheControl: 'public, max-age=300',
        body: sitemapXml(publicOriginOf(env, request), api ? await catalogOf(api) : null),
      };
    },
  };
}
