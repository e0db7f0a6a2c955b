import { z } from 'zod';

/** Category choices of the add-product form, spelled as given in SPEC 3 ("Nobel", "Biograpy"). */
export const CATEGORY_CHOICES = [
  { category_id: '1', category_name: 'Nobel' },
  { category_id: '2', category_name: 'Poetry' },
  { category_id: '3', category_name: 'Biograpy' },
  { category_id: '4', category_name: 'NonFiction' },
  { category_id: '5', category_name: 'Adventure stories' },
  { category_id: '6', category_name: 'Academic' },
  { category_id: '7', category_name: 'Science fiction' },
  { category_id: '8', category_name: 'Literature' },
  { category_id: '9', category_name: 'Others' },
] as const;

export const CATEGORY_IDS = CATEGORY_CHOICES.map((c) => c.category_id) as [string, ...string[]];

export const categoryIdSchema = z.enum(CATEGORY_IDS, { message: 'category_id must be one of 1 to 9' });

/** An entry of the static categories file; entries without a category_id are not shown (SPEC 2). */
export const categorySchema = z.object({
  category_id: z.string().optional(),
  category_name: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export function categoryNameOf(categoryId: string): string | undefined {
  return CATEGORY_CHOICES.find((c) => c.category_id === categoryId)?.category_name;
}

/** `/api/category/list/{id}`: a well-formed id that is not one of the nine answers 404, not 400. */
export const categoryParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1, 'id is required')
    .max(8, 'id is too long')
    .regex(/^\d+$/, 'id must be a category number'),
});
