import { and, asc, eq, ne } from 'drizzle-orm';
import {
  createReportBodySchema,
  idParamsSchema,
  reportProductParamsSchema,
  type InsertResult,
  type UpdateResult,
} from '@bookswap/shared/schemas';
import { recordAdminAction } from '../audit/audit-log';
import { newId } from '../db/ids';
import { products, reports } from '../db/schema';
import { reportToWire } from '../db/wire';
import { conflict, notFound } from '../http/http-error';
import { defineRoute } from '../http/route';
import { publiclyVisible } from './visibility';

export const reportRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/report/list',
    access: 'admin',
    async handler(_input, { db }) {
      const rows = await db.select().from(reports).orderBy(asc(reports.createdAt), asc(reports.id));
      return rows.map(reportToWire);
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/report/create',
    access: 'user',
    rule: 'one report per user and product; reporter taken from the token',
    rateLimit: 'write',
    body: createReportBodySchema,
    async handler({ body, caller, reply }, { db }): Promise<InsertResult> {
      return db.transaction(async (tx) => {
        const [product] = await tx
          .select()
          .from(products)
          .where(and(publiclyVisible(), eq(products.id, body.productId)))
          .limit(1);
        if (!product) throw notFound('No product with this id');
        const inserted = await tx
          .insert(reports)
          .values({
            id: newId(),
            productId: product.id,
            reporterId: caller.user.id,
            reporterUid: caller.uid,
            reporterName: caller.user.name,
            productName: product.title,
            reason: body.reason,
          })
          .onConflictDoNothing()
          .returning({ id: reports.id });
        const row = inserted[0];
        if (!row) throw conflict('You have already reported this product', 'productId');
        // SPEC: the seller then sees "Reported" and can no longer advertise it.
        await tx.update(products).set({ reported: true }).where(eq(products.id, product.id));
        reply.status(201);
        return { acknowledged: true, insertedId: row.id };
      });
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
      return db.transaction(async (tx) => {
        const [product] = await tx
          .select()
          .from(products)
          .where(eq(products.id, params.productId))
          .for('update')
          .limit(1);
        if (!product) throw notFound('No product with this id');
        const [anyReport] = await tx
          .select({ id: reports.id })
          .from(reports)
          .where(eq(reports.productId, product.id))
          .limit(1);
        if (!anyReport) throw conflict('This product has not been reported', 'productId');
        // Dismissed ones too: the product is gone from public view, which is what each of them asked for.
        const changed = await tx
          .update(reports)
          .set({ status: 'hidden' })
          .where(and(eq(reports.productId, product.id), ne(reports.status, 'hidden')))
          .returning({ id: reports.id });
        await tx
          .update(products)
          .set({ hidden: true, advertised: false, reported: true })
          .where(eq(products.id, product.id));
        if (changed.length > 0 || !product.hidden) {
          await recordAdminAction(tx, caller.user, 'hide', { type: 'product', id: product.id, name: product.title });
        }
        return { acknowledged: true, modifiedCount: changed.length };
      });
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/api/report/dismiss/:id',
    access: 'admin',
    rule: 'an open report (by the report’s id); the product is unflagged once no open report remains; audited',
    rateLimit: 'write',
    params: idParamsSchema,
    async handler({ params, caller }, { db }): Promise<UpdateResult> {
      return db.transaction(async (tx) => {
        const [report] = await tx.select().from(reports).where(eq(reports.id, params.id)).limit(1);
        if (!report) throw notFound('No report with this id');
        // The product row is locked first so a report created meanwhile cannot be missed by the count below.
        const [product] = await tx
          .select({ id: products.id, hidden: products.hidden })
          .from(products)
          .where(eq(products.id, report.productId))
          .for('update')
          .limit(1);
        const dismissed = await tx
          .update(reports)
          .set({ status: 'dismissed' })
          .where(and(eq(reports.id, report.id), eq(reports.status, 'open')))
          .returning({ id: reports.id });
        if (dismissed.length === 0) throw conflict(`This report is already ${report.status}`, 'id');
        const [stillOpen] = await tx
          .select({ id: reports.id })
          .from(reports)
          .where(and(eq(reports.productId, report.productId), eq(reports.status, 'open')))
          .limit(1);
        if (product && !product.hidden && !stillOpen) {
          // product.md §4: "report" back to "false", so the seller may advertise it again.
          await tx.update(products).set({ reported: false }).where(eq(products.id, product.id));
        }
        await recordAdminAction(tx, caller.user, 'dismiss', {
          type: 'report',
          id: report.id,
          name: report.productName,
        });
        return { acknowledged: true, modifiedCount: dismissed.length };
      });
    },
  }),
];
