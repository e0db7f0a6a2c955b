import { z } from 'zod';
import './jitless-zod';
import { REPORT_DETAILS_MAX, REPORT_REASONS } from './catalog-rules';
import { idSchema, nonEmptyText } from './common';
import { wireRecordSchema } from './wire-record';

export const reportReasonSchema = z.enum(REPORT_REASONS, { message: 'reason must be one of the listed reasons' });

export const REPORT_STATUSES = ['open', 'hidden', 'dismissed'] as const;
export const reportStatusSchema = z.enum(REPORT_STATUSES);
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const reportSchema = wireRecordSchema.extend({
  reason: z.string(),
  reporterName: z.string(),
  productName: z.string(),
  productId: z.string(),
  uid: z.string(),
  /** Boolean on report records, unlike the product's text flag (product.md §9): true once the product is hidden. */
  report: z.boolean(),
  /** Open until the admin hides the product (`hidden`) or rejects the report as unfounded (`dismissed`). */
  status: reportStatusSchema,
  /**
   * What is wrong, in the reporter's words: given only with the reason Other, null otherwise. Optional on
   * the wire so that a record from a server without the field still reads.
   */
  details: z.string().nullable().optional(),
});
export type Report = z.infer<typeof reportSchema>;

export const createReportBodySchema = z
  .object({
    reason: reportReasonSchema,
    reporterName: z.string().trim().max(100).default(''),
    productName: z.string().max(200).default(''),
    productId: idSchema,
    uid: z.string().max(128).default(''),
    report: z.literal(false).default(false),
    // Optional even for Other: the call in product.md §7 sends no such field, and clients built on it still work.
    details: nonEmptyText(REPORT_DETAILS_MAX).optional(),
  })
  .refine((body) => body.details === undefined || body.reason === 'Other', {
    path: ['details'],
    message: 'is taken only with the reason Other',
  });
export type CreateReportBody = z.input<typeof createReportBodySchema>;

export const reportProductParamsSchema = z.object({ productId: idSchema });
