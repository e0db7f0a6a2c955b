import type { AuditAction, AuditEntry } from '@bookswap/shared/schemas';

/** What each action reads as in the log, in the product's words. */
export const ACTION_TEXT: Record<AuditAction, string> = {
  verify: 'Verified seller',
  'delete-user': 'Deleted user',
  hide: 'Hid product',
  dismiss: 'Dismissed report',
  'delete-product': 'Deleted product',
  'edit-product': 'Edited product',
};

// product.md §9: dates use a long date plus time; the admin reads them in their own time zone.
const LONG_DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

export const whenText = (entry: AuditEntry) => LONG_DATE_TIME.format(new Date(entry.at));

/** Newest first, whatever order the answer came in (equal times keep the server's order). */
export const newestFirst = (entries: AuditEntry[]) => [...entries].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
