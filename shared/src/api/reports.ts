import type { CreateReportBody } from '../schemas';
import { apiQuery } from './api-query';
import { inFamily } from './cache-keys';
import { apiRequest } from './api-client';

export const getReports = () => apiRequest('/api/report/list', { auth: true, answer: 'reports' });

export const createReport = (body: CreateReportBody) =>
  apiRequest('/api/report/create', { method: 'POST', auth: true, body, answer: 'inserted' });

/** An admin's decision on a report: `update` hides the product (by its id), `dismiss` rejects the report (by its id). */
const decideReport = (decision: 'update' | 'dismiss', id: string) =>
  apiRequest(`/api/report/${decision}/${encodeURIComponent(id)}`, { method: 'PUT', auth: true, answer: 'updated' });

/** Hides a reported product: its reports' flag becomes true and it leaves every public list. */
export const hideReportedProduct = (productId: string) => decideReport('update', productId);

/** Rejects an unfounded report (by the REPORT's id): the product stays public once no open report remains. */
export const dismissReport = (reportId: string) => decideReport('dismiss', reportId);

/** Cache keys of the report GETs above; `all` after a report, a hide or a dismissal. */
export const reportKeys = {
  all: inFamily('reports'),
  list: () => ['reports', 'list'] as const,
};

/** What screens read of reports: the query's key beside its call. */
export const reportQueries = {
  list: () => apiQuery(reportKeys.list(), getReports),
};
