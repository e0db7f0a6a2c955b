import useSWR from 'swr';
import { auditKeys, getAuditLog } from '@bookswap/shared/api';

/** The admins' actions, newest first. */
export function useAuditLog() {
  return useSWR(auditKeys.list(), getAuditLog);
}
