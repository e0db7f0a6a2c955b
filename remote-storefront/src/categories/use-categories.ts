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

/** The categories' SWR key: the server's render (server-entry/page-render.ts) fills the same entry. */
export const CATEGORIES_KEY = 'storefront/categories.json';

/** GET categories.json from the storefront's own origin (product.md §7's static file). */
export async function getCategories(): Promise<ListedCategory[]> {
  let response: Response;
  try {
    response = await fetch(staticFileUrl('categories.json'));
  } catch {
    throw new Error('The categories cannot be loaded. Check your connection and try again.');
  }
  if (!response.ok) throw new Error(`The categories cannot be loaded (status ${response.status}).`);
  return listedCategoriesOf(await response.json());
}

export function useCategories() {
  return useSWR(CATEGORIES_KEY, getCategories);
}
