import type { CreateReportBody } from '../schemas';
import { apiQuery } from './api-query';
import { inFamily } from './cache-keys';
import { apiRequest } from './api-client';
import { API_CALLS, apiPath } from '../schemas/api-calls';

const { reports, createReport: create, hideReportedProduct: hide, dismissReport: dismiss } = API_CALLS;

export const getReports = () => apiRequest(apiPath(reports), { auth: true, answer: reports.answer });

export const createReport = (body: CreateReportBody) =>
  apiRequest(apiPath(create), { method: create.method, auth: true, body, answer: create.answer });

/** Hides a reported product (by the product's id): its reports' flag becomes true and it leaves every public list. */
export const hideReportedProduct = (productId: string) =>
  apiRequest(apiPath(hide, { productId }), { method: hide.method, auth: true, answer: hide.answer });

/** Rejects an unfounded report (by the REPORT's id): the product stays public once no open report remains. */
export const dismissReport = (reportId: string) =>
  apiRequest(apiPath(dismiss, { id: reportId }), { method: dismiss.method, auth: true, answer: dismiss.answer });

/** Cache keys of the report GETs above; `all` after a report, a hide or a dismissal. */
export const reportKeys = {
  all: inFamily('reports'),
  list: () => ['reports', 'list'] as const,
};

/** What screens read of reports: the query's key beside its call. */
export const reportQueries = {
  list: () => apiQuery(reportKeys.list(), getReports),
};
