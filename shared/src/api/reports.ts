import type { CreateReportBody } from '../schemas';
import { inFamily } from './cache-keys';
import { apiRequest } from './api-client';

export const getReports = () => apiRequest('/api/report/list', { auth: true, answer: 'reports' });

export const createReport = (body: CreateReportBody) =>
  apiRequest('/api/report/create', { method: 'POST', auth: true, body, answer: 'inserted' });

/** Hides a reported product: its reports' flag becomes true and it leaves every public list. */
export const hideReportedProduct = (productId: string) =>
  apiRequest(`/api/report/update/${encodeURIComponent(productId)}`, {
    method: 'PUT',
    auth: true,
    answer: 'updated',
  });

/** Rejects an unfounded report (by the REPORT's id): the product stays public once no open report remains. */
export const dismissReport = (reportId: string) =>
  apiRequest(`/api/report/dismiss/${encodeURIComponent(reportId)}`, {
    method: 'PUT',
    auth: true,
    answer: 'updated',
  });

/** Cache keys of the report GETs above; `all` after a report, a hide or a dismissal. */
export const reportKeys = {
  all: inFamily('reports'),
  list: () => ['reports', 'list'] as const,
};
