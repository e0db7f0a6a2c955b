import type { AuditEntry } from '@bookswap/shared/schemas';
import { defineRoute } from '../http/route';
import { auditEntries } from '../services/moderation';

export const auditRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/audit/list',
    access: 'admin',
    rule: 'newest first, at most the newest 1,000 entries',
    handler: (_input, { db }): Promise<AuditEntry[]> => auditEntries(db),
  }),
];
