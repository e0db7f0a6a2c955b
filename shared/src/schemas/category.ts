import { z } from 'zod';
import './jitless-zod';
import { CATEGORY_IDS } from './catalog-rules';

export const categoryIdSchema = z.enum(CATEGORY_IDS, { message: 'category_id must be one of 1 to 9' });

/** An entry of the static categories file; entries without a category_id are not shown (product.md §2). */
export const categorySchema = z.object({
  category_id: z.string().optional(),
  category_name: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

/** `/api/category/list/{id}`: a well-formed id that is not one of the nine answers 404, not 400. */
export const categoryParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1, 'id is required')
    .max(8, 'id is too long')
    .regex(/^\d+$/, 'id must be a category number'),
});
