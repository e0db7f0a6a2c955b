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

/** GET categories.json from the storefront's own origin (product.md §7's static file). */
export async function getCategories(): Promise<ListedCategory[]> {
  let response: Response;
  try {
    response = await fetch(staticFileUrl('categories.json'));
  } catch {
    throw new Error('The categories cannot be loaded. Check your connection and try again.');
  }
  if (!response.ok) throw new Error(`The categories cannot be loaded (status ${response.status}).`);
  const categories: unknown = await response.json();
  if (!isCategoryList(categories)) throw new Error('The categories file is not in the expected shape.');
  return categories.filter((category): category is ListedCategory => Boolean(category.category_id));
}

export function useCategories() {
  return useSWR('storefront/categories.json', getCategories);
}
