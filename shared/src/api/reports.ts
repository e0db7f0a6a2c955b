import { z } from 'zod';
import { insertResultSchema, reportSchema, updateResultSchema, type CreateReportBody } from '../schemas';
import { apiRequest } from './api-client';

export const getReports = () => apiRequest('/api/report/list', { auth: true, schema: z.array(reportSchema) });

export const createReport = (body: CreateReportBody) =>
  apiRequest('/api/report/create', { method: 'POST', auth: true, body, schema: insertResultSchema });

/** Hides a reported product: its reports' flag becomes true and it leaves every public list. */
export const hideReportedProduct = (productId: string) =>
  apiRequest(`/api/report/update/${encodeURIComponent(productId)}`, {
    method: 'PUT',
    auth: true,
    schema: updateResultSchema,
  });
