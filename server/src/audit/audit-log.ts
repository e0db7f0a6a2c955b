import type { AuditAction, AuditTargetType } from '@bookswap/shared/schemas';
import type { Transaction } from '../db/database';
import { newId } from '../db/ids';
import { auditLog, type UserRow } from '../db/schema';

export interface AuditTarget {
  type: AuditTargetType;
  id: string;
  name: string;
}

/**
 * Records an admin action. Always given the action's own transaction, so the entry and the change are
 * committed together or not at all.
 */
export async function recordAdminAction(
  tx: Transaction,
  actor: UserRow,
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
