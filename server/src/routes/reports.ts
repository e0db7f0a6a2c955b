import {
  API_CALLS,
  createReportBodySchema,
  idParamsSchema,
  reportProductParamsSchema,
  type InsertResult,
  type UpdateResult,
} from '@bookswap/shared/schemas';
import { served } from '../http/api-call';
import { created, defineRoute } from '../http/route';
import { allReports, dismissReport, hideReportedListing, reportListing } from '../services/moderation';

export const reportRoutes = [
  defineRoute({
    ...served(API_CALLS.reports),
    access: 'admin',
    handler: (_input, { db }) => allReports(db),
  }),

  defineRoute({
    ...served(API_CALLS.createReport),
    access: 'user',
    rule: 'one report per user and product, REPORTS_PER_DAY per user; reporter taken from the token',
    rateLimit: 'write',
    body: createReportBodySchema,
    handler: ({ body, caller, reply }, { db, config: { reportsToFlag, reportsPerDay } }): Promise<InsertResult> =>
      created(reply, reportListing({ db, reportsToFlag, reportsPerDay }, caller, body)),
  }),

  defineRoute({
    ...served(API_CALLS.hideReportedProduct),
    access: 'admin',
    rule: 'hides a reported product; every report on it then reads hidden; audited',
    rateLimit: 'write',
    params: reportProductParamsSchema,
    handler: ({ params, caller }, { db }): Promise<UpdateResult> => hideReportedListing(db, caller, params.productId),
  }),

  defineRoute({
    ...served(API_CALLS.dismissReport),
    access: 'admin',
    rule: 'an open report (by the report’s id); the product is unflagged below REPORTS_TO_FLAG open reports; audited',
    rateLimit: 'write',
    params: idParamsSchema,
    handler: ({ params, caller }, { db, config }): Promise<UpdateResult> =>
      dismissReport({ db, reportsToFlag: config.reportsToFlag }, caller, params.id),
  }),
];
