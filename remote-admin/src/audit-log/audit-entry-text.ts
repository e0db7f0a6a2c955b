import { formatDateTime } from '@bookswap/shared/ui';
import type { AuditAction, AuditEntry } from '@bookswap/shared/schemas';

/** What each action reads as in the log, in the product's words. */
export const ACTION_TEXT: Record<AuditAction, string> = {
  verify: 'Verified seller',
  'delete-user': 'Deleted user',
  hide: 'Hid product',
  dismiss: 'Dismissed report',
  'delete-product': 'Deleted product',
  'edit-product': 'Edited product',
  'rollback-release': 'Rolled back release',
  'read-thread': 'Read reported messages',
};

/** What an entry reads as: hiding a review says so (the same action hides a reported product). */
export const actionText = (entry: Pick<AuditEntry, 'action' | 'targetType'>) =>
  entry.action === 'hide' && entry.targetType === 'review' ? 'Hid review' : ACTION_TEXT[entry.action];

/** The one date format (product.md §9), in the admin's own zone, which the column's header names. */
export const whenText = (entry: AuditEntry) => formatDateTime(entry.at);

/** Newest first, whatever order the answer came in (equal times keep the server's order). */
export const newestFirst = (entries: AuditEntry[]) => [...entries].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
