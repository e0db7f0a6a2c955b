/**
 * What a public page tells machines about itself (docs/decisions/033): plain data computed from the page's data and
 * URL, with no DOM, so the browser applies it (use-page-head.ts) and a server render can write the same tags.
 */
export interface PageHead {
  /** The whole document title, "Book List | Bookswap". */
  title: string;
  description: string;
  /** Absolute, on the shell's public origin, with only what changes the content in its query. */
  canonical: string;
  /** Open Graph's og:type. */
  type: 'website' | 'book';
  /** An absolute cover URL, where the page shows one. */
  image?: string;
  /** schema.org data, written as JSON-LD. */
  structuredData?: object;
}

/** The document title as the shell writes it for every screen (`<screen> | Bookswap`). */
export const siteTitle = (screen: string) => `${screen} | Bookswap`;

/** shell/public/index.html's description, the home page's own. */
export const SITE_DESCRIPTION = 'Bookswap: buy and sell second hand books';

/** An absolute URL of a path (and query) on the shell's public origin. */
export function publicUrl(origin: string, path: string, query?: URLSearchParams): string {
  const search = query?.toString();
  return `${origin.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`;
}

/** The attribute every head element a page adds carries, so leaving the page takes them away (use-page-head.ts). */
export const PAGE_HEAD_MARK = 'data-page-head';

/** JSON-LD as the text of a `<script>`: a `<` in a book's title cannot end the element. */
export const jsonLdText = (data: object) => JSON.stringify(data).replace(/</g, '\\u003c');

/** `/`: the banner's words and the site's description. */
export const homeHead = (origin: string): PageHead => ({
  title: siteTitle('Home'),
  description: SITE_DESCRIPTION,
  canonical: publicUrl(origin, '/'),
  type: 'website',
});
