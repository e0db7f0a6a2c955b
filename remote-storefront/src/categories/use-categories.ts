import useSWR from 'swr';
import { categorySchema, type Category } from '@bookswap/shared/schemas';
import { staticFileUrl } from '../storefront-origin/static-file-url';

/** A category that can be opened: SPEC 2 shows only entries with a category_id. */
export type ListedCategory = Category & { category_id: string };

const categoriesFileSchema = categorySchema.array();

/** GET categories.json from the storefront's own origin (SPEC 7's static file). */
export async function getCategories(): Promise<ListedCategory[]> {
  let response: Response;
  try {
    response = await fetch(staticFileUrl('categories.json'));
  } catch {
    throw new Error('The categories cannot be loaded. Check your connection and try again.');
  }
  if (!response.ok) throw new Error(`The categories cannot be loaded (status ${response.status}).`);
  const parsed = categoriesFileSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error('The categories file is not in the expected shape.');
  return parsed.data.filter((category): category is ListedCategory => Boolean(category.category_id));
}

export function useCategories() {
  return useSWR('storefront/categories.json', getCategories);
}
