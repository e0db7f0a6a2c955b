import { auditQueries } from '@bookswap/shared/api';
import { useApiQuery } from '@bookswap/shared/ui';

/** The admins' actions, newest first. */
export function useAuditLog() {
  return useApiQuery(auditQueries.list());
}
