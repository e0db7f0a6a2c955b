import { z } from 'zod';
import { REPORT_REASONS } from './catalog-rules';
import { idSchema } from './common';

export const reportReasonSchema = z.enum(REPORT_REASONS, { message: 'reason must be one of the listed reasons' });

export const REPORT_STATUSES = ['open', 'hidden', 'dismissed'] as const;
export const reportStatusSchema = z.enum(REPORT_STATUSES);
export type ReportStatus = z.infer<typeof reportStatusSchema>;

export const reportSchema = z.object({
  _id: z.string(),
  reason: z.string(),
  reporterName: z.string(),
  productName: z.string(),
  productId: z.string(),
  uid: z.string(),
  /** Boolean on report records, unlike the product's text flag (product.md §9): true once the product is hidden. */
  report: z.boolean(),
  /** Open until the admin hides the product (`hidden`) or rejects the report as unfounded (`dismissed`). */
  status: reportStatusSchema,
});
export type Report = z.infer<typeof reportSchema>;

export const createReportBodySchema = z.object({
  reason: reportReasonSchema,
  reporterName: z.string().trim().max(100).default(''),
  productName: z.string().max(200).default(''),
  productId: idSchema,
  uid: z.string().max(128).default(''),
  report: z.literal(false).default(false),
});
export type CreateReportBody = z.input<typeof createReportBodySchema>;

export const reportProductParamsSchema = z.object({ productId: idSchema });
