import { desc } from 'drizzle-orm';
import type { AuditAction, AuditTargetType } from '@bookswap/shared/schemas';
import type { Queryable, Transaction } from '../db/database';
import { newId } from '../db/ids';
import { auditLog, type AuditRow } from '../db/schema';

/** The audit log: every admin action, names copied so the log outlives its targets. */

export type { AuditRow };

export interface AuditActor {
  id: string;
  email: string;
  name: string;
}

export interface AuditTarget {
  type: AuditTargetType;
  id: string;
  name: string;
}

/**
 * Records an admin action. Always given the action's own transaction, so the entry and the change are
 * committed together or not at all.
 */
export async function insertAuditEntry(
  tx: Transaction,
  actor: AuditActor,
  action: AuditAction,
  target: AuditTarget,
): Promise<void> {
  await tx.insert(auditLog).values({
    id: newId(),
    action,
    actorId: actor.id,
    actorEmail: actor.email,
    actorName: actor.name,
    targetType: target.type,
    targetId: target.id,
    targetName: target.name,
  });
}

/** The newest `limit` entries, newest first. */
export function newestAuditEntries(db: Queryable, limit: number): Promise<AuditRow[]> {
  return db.select().from(auditLog).orderBy(desc(auditLog.at), desc(auditLog.seq)).limit(limit);
}
