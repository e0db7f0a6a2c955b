import { z } from 'zod';
import './jitless-zod';
import { DEFAULT_PAGE_SIZE, isPageSize, LAST_PAGE_ASKED } from './catalog-rules';

/** Ids travel as strings on the wire, as the old client read Mongo ObjectIds. */
export const idSchema = z
  .string()
  .trim()
  .min(1, 'id is required')
  .max(64, 'id is too long')
  .regex(/^[A-Za-z0-9_-]+$/, 'id has characters that are not allowed');

export const idParamsSchema = z.object({ id: idSchema });

export const emailSchema = z.string().trim().toLowerCase().email('a valid email is required').max(254);

/** Money as decimal text ("12.50"): the form keeps prices as text (product.md §5), the server needs a number to charge. */
export const priceTextSchema = z
  .string()
  .trim()
  .min(1)
  .regex(/^\d{1,7}(\.\d{1,2})?$/, 'must be a price such as 12 or 12.50');

/** False for text holding a lone UTF-16 surrogate, which has no UTF-8 form and so cannot be stored or sent on. */
export function isWellFormedText(text: string): boolean {
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

export const nonEmptyText = (max: number) =>
  z.string().trim().min(1).max(max).refine(isWellFormedText, 'has a character that is not valid text');

/** Mongo-style write answers that the client reads (product.md §7). */
export const insertResultSchema = z.object({ acknowledged: z.boolean(), insertedId: z.string() });
export const updateResultSchema = z.object({ acknowledged: z.boolean(), modifiedCount: z.number() });
export const deleteResultSchema = z.object({ acknowledged: z.boolean(), deletedCount: z.number() });
export type InsertResult = z.infer<typeof insertResultSchema>;
export type UpdateResult = z.infer<typeof updateResultSchema>;
export type DeleteResult = z.infer<typeof deleteResultSchema>;

/** `GET /health`: the database answers (otherwise the call fails). */
export const healthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof healthSchema>;

/** Every error answer of the server: a message a person can read, and the field when one is to blame. */
export const errorBodySchema = z.object({ message: z.string(), field: z.string().optional() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** A list's `page` (from 0) and `size` (5, 10, 15 or 20) in a query, as product.md §9 has them: the book list, My Orders, Booking Requests. */
export const pageQueryFields = {
  page: z.coerce
    .number({ message: 'page must be a whole number' })
    .int('page must be a whole number')
    .min(0, 'page must be 0 or more')
    .max(LAST_PAGE_ASKED)
    .default(0),
  size: z.coerce
    .number({ message: 'size must be 5, 10, 15 or 20' })
    .refine(isPageSize, 'size must be 5, 10, 15 or 20')
    .default(DEFAULT_PAGE_SIZE),
};
