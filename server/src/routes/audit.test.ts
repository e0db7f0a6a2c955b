import { sql } from 'drizzle-orm';
import { auditLogSchema, type AuditEntry } from '@bookswap/shared/schemas';
import {
  ADA_ADMIN,
  BEA_BUYER,
  BO_BUYER,
  call,
  givenProduct,
  givenUser,
  SAM_SELLER,
  serverForThisFile,
} from '../testing/test-server';

const { server, admin, seller, buyer, buyer2 } = serverForThisFile({
  admin: ADA_ADMIN,
  seller: SAM_SELLER,
  buyer: BEA_BUYER,
  buyer2: BO_BUYER,
});

async function auditLog(): Promise<AuditEntry[]> {
  const response = await call(server, 'GET', '/api/audit/list', { as: admin });
  expect(response.status).toBe(200);
  return auditLogSchema.parse(response.body);
}

async function reportOf(productId: string, reporter = buyer): Promise<string> {
  const created = await call(server, 'POST', '/api/report/create', {
    as: reporter,
    body: { productId, reason: 'High Price' },
  });
  return created.body.insertedId as string;
}

describe('the audit log of admin actions', () => {
  it('records verify, delete user, hide and dismiss with who, what, the target and when, newest first', async () => {
    const started = Date.now();
    const newcomer = await givenUser(server, 'seller', 'Audited Seller');
    const leaving = await givenUser(server, 'buyer', 'Audited Buyer');
    const hiddenProduct = await givenProduct(server, seller, { book_name: 'Hidden Tome' });
    await reportOf(hiddenProduct);
    const keptProduct = await givenProduct(server, seller, { book_name: 'Kept Tome' });
    const dismissedReport = await reportOf(keptProduct, buyer2);

    await call(server, 'PUT', `/api/user/seller/verify/${newcomer.id}`, { as: admin });
    await call(server, 'DELETE', `/api/user/delete/${leaving.id}`, { as: admin });
    await call(server, 'PUT', `/api/report/update/${hiddenProduct}`, { as: admin });
    await call(server, 'PUT', `/api/report/dismiss/${dismissedReport}`, { as: admin });

    const actor = { actorEmail: admin.email, actorName: admin.name };
    const entries = await auditLog();
    expect(entries.slice(0, 4)).toEqual([
      {
        _id: expect.any(String),
        action: 'dismiss',
        ...actor,
        targetType: 'report',
        targetId: dismissedReport,
        targetName: 'Kept Tome',
        at: expect.any(String),
      },
      {
        _id: expect.any(String),
        action: 'hide',
        ...actor,
        targetType: 'product',
        targetId: hiddenProduct,
        targetName: 'Hidden Tome',
        at: expect.any(String),
      },
      {
        _id: expect.any(String),
        action: 'delete-user',
        ...actor,
        targetType: 'user',
        targetId: leaving.id,
        targetName: 'Audited Buyer',
        at: expect.any(String),
      },
      {
        _id: expect.any(String),
        action: 'verify',
        ...actor,
        targetType: 'user',
        targetId: newcomer.id,
        targetName: 'Audited Seller',
        at: expect.any(String),
      },
    ]);
    for (const entry of entries.slice(0, 4)) {
      const at = Date.parse(entry.at);
      expect(at).toBeGreaterThanOrEqual(started - 1000);
      expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });

  it('records an admin’s deletion of a listing and keeps its reports, reading hidden', async () => {
    const productId = await givenProduct(server, seller, { book_name: 'Counterfeit Classic' });
    const reportId = await reportOf(productId);
    const deleted = await call(server, 'DELETE', `/api/product/delete/${productId}`, { as: admin });
    expect(deleted.body).toEqual({ acknowledged: true, deletedCount: 1 });

    expect((await auditLog())[0]).toEqual({
      _id: expect.any(String),
      action: 'delete-product',
      actorEmail: admin.email,
      actorName: admin.name,
      targetType: 'product',
      targetId: productId,
      targetName: 'Counterfeit Classic',
      at: expect.any(String),
    });
    const reports = (await call(server, 'GET', '/api/report/list', { as: admin })).body;
    expect(reports.find((r: { _id: string }) => r._id === reportId)).toMatchObject({
      productId,
      productName: 'Counterfeit Classic',
      reporterName: buyer.name,
      reason: 'High Price',
      status: 'hidden',
      report: true,
    });
    expect((await call(server, 'GET', `/api/product/list/${productId}`)).status).toBe(404);
  });

  it('does not record a seller deleting their own listing, whose reports go with it', async () => {
    const productId = await givenProduct(server, seller, { book_name: 'Changed My Mind' });
    await reportOf(productId, buyer2);
    const before = (await auditLog()).length;
    const deleted = await call(server, 'DELETE', `/api/product/delete/${productId}`, { as: seller });
    expect(deleted.body).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await auditLog()).toHaveLength(before);
    const reports = (await call(server, 'GET', '/api/report/list', { as: admin })).body;
    expect(reports.map((r: { productId: string }) => r.productId)).not.toContain(productId);
  });

  it('records nothing for an action that is refused or changes nothing', async () => {
    const before = (await auditLog()).length;
    await call(server, 'PUT', `/api/user/seller/verify/${buyer.id}`, { as: admin }); // not a seller: 409
    await call(server, 'DELETE', `/api/user/delete/${'e'.repeat(24)}`, { as: admin }); // unknown: 404
    await call(server, 'PUT', `/api/user/seller/verify/${seller.id}`, { as: buyer }); // not an admin: 403
    const verified = await givenUser(server, 'seller', 'Already Verified', { verified: true });
    await call(server, 'PUT', `/api/user/seller/verify/${verified.id}`, { as: admin }); // modifiedCount 0
    await call(server, 'DELETE', `/api/product/delete/${'e'.repeat(24)}`, { as: admin }); // unknown: 404
    const kept = await givenProduct(server, seller);
    await call(server, 'DELETE', `/api/product/delete/${kept}`, { as: buyer }); // not a seller: 403
    expect(await auditLog()).toHaveLength(before);
  });

  it('is written in the action’s transaction: when the log cannot be written, the action does not happen', async () => {
    const seller2 = await givenUser(server, 'seller', 'Unlogged Seller');
    const listing = await givenProduct(server, seller, { book_name: 'Unlogged Listing' });
    await server.db.execute(
      sql.raw(`CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'audit log unavailable'; END $$`),
    );
    await server.db.execute(
      sql.raw('CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()'),
    );
    try {
      const verify = await call(server, 'PUT', `/api/user/seller/verify/${seller2.id}`, { as: admin });
      expect(verify.status).toBe(500);
      const deleted = await call(server, 'DELETE', `/api/user/delete/${buyer2.id}`, { as: admin });
      expect(deleted.status).toBe(500);
      const listingDeleted = await call(server, 'DELETE', `/api/product/delete/${listing}`, { as: admin });
      expect(listingDeleted.status).toBe(500);
    } finally {
      await server.db.execute(sql.raw('DROP TRIGGER refuse_audit ON audit_log'));
      await server.db.execute(sql.raw('DROP FUNCTION refuse_audit()'));
    }
    const sellers = (await call(server, 'GET', '/api/user/role?role=seller', { as: admin })).body;
    expect(sellers.find((u: { _id: string }) => u._id === seller2.id).verify).toBe(false);
    const buyers = (await call(server, 'GET', '/api/user/role?role=buyer', { as: admin })).body;
    expect(buyers.map((u: { _id: string }) => u._id)).toContain(buyer2.id);
    expect((await call(server, 'GET', '/api/user/list', { as: buyer2 })).status).toBe(200);
    expect((await call(server, 'GET', `/api/product/list/${listing}`)).status).toBe(200);
  });

  it('can be read by admins only', async () => {
    expect((await call(server, 'GET', '/api/audit/list', { as: seller })).status).toBe(403);
    expect((await call(server, 'GET', '/api/audit/list', { as: buyer })).status).toBe(403);
    expect((await call(server, 'GET', '/api/audit/list')).status).toBe(401);
  });
});
