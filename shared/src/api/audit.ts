import { apiQuery } from './api-query';
import { inFamily } from './cache-keys';
import { apiRequest } from './api-client';

/** The admins' actions, newest first (admin only). */
export const getAuditLog = () => apiRequest('/api/audit/list', { auth: true, answer: 'auditLog' });

/** Cache keys of the audit GET above; `all` after any admin action. */
export const auditKeys = {
  all: inFamily('audit'),
  list: () => ['audit', 'list'] as const,
};

/** What screens read of the audit log: the query's key beside its call. */
export const auditQueries = {
  list: () => apiQuery(auditKeys.list(), getAuditLog),
};
