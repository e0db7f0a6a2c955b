import type { z } from 'zod';
import type { AuditEntry, createReportBodySchema, InsertResult, Report, UpdateResult } from '@bookswap/shared/schemas';
import type { Database } from '../db/database';
import { conflict, notFound } from '../errors/http-error';
import { insertAuditEntry, newestAuditEntries } from '../repositories/audit-repository';
import {
  hideListing,
  listingByIdForUpdate,
  setListingReported,
  visibleListingById,
} from '../repositories/products-repository';
import {
  dismissOpenReport,
  insertReportIfNew,
  listingHasReports,
  listReports,
  markListingReportsHidden,
  reportById,
  reportReasonsOf,
} from '../repositories/reports-repository';
import { listingHiddenNotice } from './notices';
import { notify } from './notify';
import type { SignedInCaller } from './callers';
import { auditToWire, reportToWire } from './wire';

type CreateReportBody = z.output<typeof createReportBodySchema>;

/** One answer stays bounded however long the log grows; the screen shows the newest. */
const AUDIT_LIST_LIMIT = 1000;

export async function allReports(db: Database): Promise<Report[]> {
  return (await listReports(db)).map(reportToWire);
}

/** A user reports a visible listing, once; the seller then sees "Reported" and can no longer advertise it. */
export async function reportListing(
  db: Database,
  reporter: SignedInCaller,
  body: CreateReportBody,
): Promise<InsertResult> {
  return db.transaction(async (tx) => {
    const product = await visibleListingById(tx, body.productId);
    if (!product) throw notFound('No product with this id');
    const id = await insertReportIfNew(tx, {
      productId: product.id,
      reporterId: reporter.user.id,
      reporterUid: reporter.uid,
      reporterName: reporter.user.name,
      productName: product.title,
      reason: body.reason,
    });
    if (!id) throw conflict('You have already reported this product', 'productId');
    await setListingReported(tx, product.id, true);
    return { acknowledged: true, insertedId: id };
  });
}

/** An admin hides a reported listing; every report on it then reads hidden. Audited. */
export async function hideReportedListing(
  db: Database,
  admin: SignedInCaller,
  productId: string,
): Promise<UpdateResult> {
  return db.transaction(async (tx) => {
    const product = await listingByIdForUpdate(tx, productId);
    if (!product) throw notFound('No product with this id');
    if (!(await listingHasReports(tx, product.id))) throw conflict('This product has not been reported', 'productId');
    // Dismissed ones too: the product is gone from public view, which is what each of them asked for.
    const changed = await markListingReportsHidden(tx, product.id);
    await hideListing(tx, product.id);
    if (changed > 0 || !product.hidden) {
      await insertAuditEntry(tx, admin.user, 'hide', { type: 'product', id: product.id, name: product.title });
    }
    // The seller learns why their listing went (issue 21), once: when it was still shown.
    if (!product.hidden && product.sellerId) {
      await notify(tx, [listingHiddenNotice(product, product.sellerId, await reportReasonsOf(tx, product.id))]);
    }
    return { acknowledged: true, modifiedCount: changed };
  });
}

/** An admin dismisses an open report; the listing is unflagged once no open report remains. Audited. */
export async function dismissReport(db: Database, admin: SignedInCaller, reportId: string): Promise<UpdateResult> {
  return db.transaction(async (tx) => {
    const report = await reportById(tx, reportId);
    if (!report) throw notFound('No report with this id');
    // The product row is locked first so a report created meanwhile cannot be missed by the check below.
    const product = await listingByIdForUpdate(tx, report.productId);
    const dismissed = await dismissOpenReport(tx, report.id);
    if (dismissed === 0) throw conflict(`This report is already ${report.status}`, 'id');
    if (product && !product.hidden && !(await listingHasReports(tx, report.productId, 'open'))) {
      // product.md §4: "report" back to "false", so the seller may advertise it again.
      await setListingReported(tx, product.id, false);
    }
    await insertAuditEntry(tx, admin.user, 'dismiss', { type: 'report', id: report.id, name: report.productName });
    return { acknowledged: true, modifiedCount: dismissed };
  });
}

/** The audit log, newest first, at most the newest 1,000 entries. */
export async function auditEntries(db: Database): Promise<AuditEntry[]> {
  return (await newestAuditEntries(db, AUDIT_LIST_LIMIT)).map(auditToWire);
}
