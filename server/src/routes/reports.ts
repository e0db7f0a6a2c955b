import { and, asc, eq } from 'drizzle-orm';
import {
  createReportBodySchema,
  reportProductParamsSchema,
  type InsertResult,
  type UpdateResult,
} from '@bookswap/shared/schemas';
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
    rule: 'hides a reported product',
    rateLimit: 'write',
    params: reportProductParamsSchema,
    async handler({ params }, { db }): Promise<UpdateResult> {
      return db.transaction(async (tx) => {
        const [product] = await tx.select().from(products).where(eq(products.id, params.productId)).limit(1);
        if (!product) throw notFound('No product with this id');
        const [anyReport] = await tx
          .select({ id: reports.id })
          .from(reports)
          .where(eq(reports.productId, product.id))
          .limit(1);
        if (!anyReport) throw conflict('This product has not been reported', 'productId');
        const changed = await tx
          .update(reports)
          .set({ resolved: true })
          .where(and(eq(reports.productId, product.id), eq(reports.resolved, false)))
          .returning({ id: reports.id });
        await tx.update(products).set({ hidden: true, advertised: false }).where(eq(products.id, product.id));
        return { acknowledged: true, modifiedCount: changed.length };
      });
    },
  }),
];
