import useSWR from 'swr';
import type { Category } from '@bookswap/shared/schemas';
import { staticFileUrl } from '../storefront-origin/static-file-url';

/** A category that can be opened: product.md §2 shows only entries with a category_id. */
export type ListedCategory = Category & { category_id: string };

/** The file's entries as the screens read them (categorySchema's shape), checked by hand so no schema library loads. */
function isCategoryList(data: unknown): data is Category[] {
  return (
    Array.isArray(data) &&
    data.every(
      (entry: unknown) =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as Category).category_name === 'string' &&
        ['string', 'undefined'].includes(typeof (entry as Category).category_id),
    )
  );
}

/** The file's categories that can be opened, or an error that says the file is not what the screens read. */
export function listedCategoriesOf(categories: unknown): ListedCategory[] {
  if (!isCategoryList(categories)) throw new Error('The categories file is not in the expected shape.');
  return categories.filter((category): category is ListedCategory => Boolean(category.category_id));
}

/** The categories' SWR key: a server render of a page that shows them (categories-read.ts) fills the same entry. */
export const CATEGORIES_KEY = 'storefront/categories.json';

/** GET categories.json from the storefront's own origin (product.md §7's static file). */
async function fetchCategories(): Promise<ListedCategory[]> {
  let response: Response;
  try {
    response = await fetch(staticFileUrl('categories.json'));
  } catch {
    throw new Error('The categories cannot be loaded. Check your connection and try again.');
  }
  if (!response.ok) throw new Error(`The categories cannot be loaded (status ${response.status}).`);
  return listedCategoriesOf(await response.json());
}

/** Where the categories come from: the origin's file, or on the shell's server the release's own copy of it. */
let categoriesSource = fetchCategories;

/** For the storefront's server entry, which has the file built in and no origin to ask. */
export function readCategoriesFrom(source: () => Promise<ListedCategory[]>): void {
  categoriesSource = source;
}

export const getCategories = (): Promise<ListedCategory[]> => categoriesSource();

/** The categories as a page's first read (public-page-route.ts): left to the screen in the browser. */
export const categoriesRead = { key: CATEGORIES_KEY, fetch: getCategories };

export function useCategories() {
  return useSWR(CATEGORIES_KEY, getCategories);
}
