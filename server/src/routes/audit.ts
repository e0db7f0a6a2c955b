import { API_CALLS, type AuditEntry } from '@bookswap/shared/schemas';
import { served } from '../http/api-call';
import { defineRoute } from '../http/route';
import { auditEntries } from '../services/moderation';

export const auditRoutes = [
  defineRoute({
    ...served(API_CALLS.auditLog),
    access: 'admin',
    rule: 'newest first, at most the newest 1,000 entries',
    handler: (_input, { db }): Promise<AuditEntry[]> => auditEntries(db),
  }),
];
