import {
  createReportBodySchema,
  idParamsSchema,
  reportProductParamsSchema,
  type InsertResult,
  type UpdateResult,
} from '@bookswap/shared/schemas';
import { defineRoute } from '../http/route';
import { allReports, dismissReport, hideReportedListing, reportListing } from '../services/moderation';

export const reportRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/report/list',
    access: 'admin',
    async handler(_input, { db }) {
      return allReports(db);
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/report/create',
    access: 'user',
    rule: 'one report per user and product, REPORTS_PER_DAY per user; reporter taken from the token',
    rateLimit: 'write',
    body: createReportBodySchema,
    async handler({ body, caller, reply }, { db, config }): Promise<InsertResult> {
      const { reportsToFlag, reportsPerDay } = config;
      const reported = await reportListing({ db, reportsToFlag, reportsPerDay }, caller, body);
      reply.status(201);
      return reported;
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/api/report/update/:productId',
    access: 'admin',
    rule: 'hides a reported product; every report on it then reads hidden; audited',
    rateLimit: 'write',
    params: reportProductParamsSchema,
    async handler({ params, caller }, { db }): Promise<UpdateResult> {
      return hideReportedListing(db, caller, params.productId);
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/api/report/dismiss/:id',
    access: 'admin',
    rule: 'an open report (by the report’s id); the product is unflagged below REPORTS_TO_FLAG open reports; audited',
    rateLimit: 'write',
    params: idParamsSchema,
    async handler({ params, caller }, { db, config }): Promise<UpdateResult> {
      return dismissReport({ db, reportsToFlag: config.reportsToFlag }, caller, params.id);
    },
  }),
];
