import { apiQuery } from './api-query';
import { inFamily } from './cache-keys';
import { apiRequest } from './api-client';
import { API_CALLS, apiPath } from '../schemas/api-calls';

const { auditLog } = API_CALLS;

/** The admins' actions, newest first (admin only). */
export const getAuditLog = () => apiRequest(apiPath(auditLog), { auth: true, answer: auditLog.answer });

/** Cache keys of the audit GET above; `all` after any admin action. */
export const auditKeys = {
  all: inFamily('audit'),
  list: () => ['audit', 'list'] as const,
};

/** What screens read of the audit log: the query's key beside its call. */
export const auditQueries = {
  list: () => apiQuery(auditKeys.list(), getAuditLog),
};
