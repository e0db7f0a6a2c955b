import { z } from 'zod';
import './jitless-zod';
import { wireRecordSchema } from './wire-record';

/**
 * What an admin did: verify a seller, delete a user, hide a reported product, dismiss a report; and
 * delete a product (a seller deleting their own is not an admin action and is not logged); and a seller's
 * edit of a listing, so an admin sees when a listing they moderate, or a buyer booked, was changed; and a
 * rollback from the admin Releases screen (its target a remote's release); an admin reading a booking's
 * thread after one of its messages was reported (its target the booking); hiding a review (`hide`, its target the
 * review).
 */
export const AUDIT_ACTIONS = [
  'verify',
  'delete-user',
  'hide',
  'dismiss',
  'delete-product',
  'edit-product',
  'rollback-release',
  'read-thread',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const AUDIT_TARGET_TYPES = ['user', 'product', 'report', 'release', 'booking', 'review'] as const;
export const auditTargetTypeSchema = z.enum(AUDIT_TARGET_TYPES);
export type AuditTargetType = z.infer<typeof auditTargetTypeSchema>;

/** One entry of `GET /api/audit/list`; names are as they were at the time of the action. */
export const auditEntrySchema = wireRecordSchema.extend({
  action: auditActionSchema,
  actorEmail: z.string(),
  actorName: z.string(),
  targetType: auditTargetTypeSchema,
  targetId: z.string(),
  targetName: z.string(),
  /** ISO 8601, UTC. */
  at: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Newest first. */
export const auditLogSchema = z.array(auditEntrySchema);
