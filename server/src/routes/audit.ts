import { desc } from 'drizzle-orm';
import type { AuditEntry } from '@bookswap/shared/schemas';
import { auditLog } from '../db/schema';
import { auditToWire } from '../db/wire';
import { defineRoute } from '../http/route';

/** One answer stays bounded however long the log grows; the screen shows the newest. */
const AUDIT_LIST_LIMIT = 1000;

export const auditRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/audit/list',
    access: 'admin',
    rule: 'newest first, at most the newest 1,000 entries',
    async handler(_input, { db }): Promise<AuditEntry[]> {
      const rows = await db
        .select()
        .from(auditLog)
        .orderBy(desc(auditLog.at), desc(auditLog.seq))
        .limit(AUDIT_LIST_LIMIT);
      return rows.map(auditToWire);
    },
  }),
];
