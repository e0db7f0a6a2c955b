// The storefront's server entry (built with each release as server/page-render.cjs, named in its release.json): its
// route table, whose public pages' loaders the shell's server runs to render a page's head and body with this
// release's own screens (docs/decisions/037, 045). React, the router, MUI, SWR and the runtime contract are not in
// this file: the shell's render provides them (its `sharedModule`), as the shell provides them in the browser.
import categoriesFile from '../../public/categories.json';
import { listedCategoriesOf, readCategoriesFrom } from '../categories/use-categories';
import routes from '../routes';
import { canonicalPage as canonicalPageOf, type CanonicalPage } from './canonical-page';

export { routes };
export type { CanonicalPage };

/** The version of this entry's interface, which the shell's server checks before calling it. */
export const PAGE_RENDER_API = 2;

// The release carries its categories file: the server reads that copy, with no origin to fetch it from.
readCategoriesFrom(async () => listedCategoriesOf(categoriesFile));

/** The one URL of a public page, by which the shell's server redirects and keeps its renders; null for no such page. */
export const canonicalPage = (path: string, search: string): CanonicalPage | null =>
  canonicalPageOf(routes, path, search);
