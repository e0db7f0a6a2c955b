import type { z } from 'zod';
import type { AuditEntry, createReportBodySchema, InsertResult, Report, UpdateResult } from '@bookswap/shared/schemas';
import type { Database } from '../db/database';
import { conflict, notFound } from '../errors/http-error';
import { insertAuditEntry, newestAuditEntries } from '../repositories/audit-repository';
import {
  clearListingReported,
  hideListing,
  listingByIdForUpdate,
  markListingReported,
  visibleListingByIdForUpdate,
} from '../repositories/products-repository';
import {
  countOpenReports,
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
import { refuseOverReportQuota } from './report-quota';
import { auditToWire, reportToWire } from './wire';

type CreateReportBody = z.output<typeof createReportBodySchema>;

/** One answer stays bounded however long the log grows; the screen shows the newest. */
const AUDIT_LIST_LIMIT = 1000;

export async function allReports(db: Database): Promise<Report[]> {
  return (await listReports(db)).map(reportToWire);
}

/** REPORTS_TO_FLAG and REPORTS_PER_DAY (config.ts). */
export interface ReportLimits {
  reportsToFlag: number;
  reportsPerDay: number;
}

/**
 * A user reports a visible listing, once, within their daily reports. The admin's Report list shows it at once; the
 * listing is marked Reported (the seller cannot advertise it, and it leaves the ads) only when `reportsToFlag`
 * people's reports are open on it, so one buyer cannot take the whole catalogue out of the ads.
 */
export async function reportListing(
  deps: { db: Database } & ReportLimits,
  reporter: SignedInCaller,
  body: CreateReportBody,
): Promise<InsertResult> {
  return deps.db.transaction(async (tx) => {
    await refuseOverReportQuota(tx, reporter.user.id, deps.reportsPerDay);
    // Locked, so that reports of one listing arriving together count its reporters one at a time.
    const product = await visibleListingByIdForUpdate(tx, body.productId);
    if (!product) throw notFound('No product with this id');
    const id = await insertReportIfNew(tx, {
      productId: product.id,
      reporterId: reporter.user.id,
      reporterUid: reporter.uid,
      reporterName: reporter.user.name,
      productName: product.title,
      reason: body.reason,
      details: body.details ?? null,
    });
    if (!id) throw conflict('You have already reported this product', 'productId');
    if (!product.reported && (await countOpenReports(tx, product.id)) >= deps.reportsToFlag) {
      await markListingReported(tx, product.id);
    }
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
    // The seller learns why their listing went (decision 024), once: when it was still shown.
    if (!product.hidden && product.sellerId) {
      await notify(tx, [listingHiddenNotice(product, product.sellerId, await reportReasonsOf(tx, product.id))]);
    }
    return { acknowledged: true, modifiedCount: changed };
  });
}

/**
 * An admin dismisses an open report; the listing's Reported mark comes off once fewer than `reportsToFlag` reports
 * remain open on it. Audited.
 */
export async function dismissReport(
  deps: { db: Database } & Pick<ReportLimits, 'reportsToFlag'>,
  admin: SignedInCaller,
  reportId: string,
): Promise<UpdateResult> {
  return deps.db.transaction(async (tx) => {
    const report = await reportById(tx, reportId);
    if (!report) throw notFound('No report with this id');
    // The product row is locked first so a report created meanwhile cannot be missed by the count below.
    const product = await listingByIdForUpdate(tx, report.productId);
    const dismissed = await dismissOpenReport(tx, report.id);
    if (dismissed === 0) throw conflict(`This report is already ${report.status}`, 'id');
    if (
      product &&
      product.reported &&
      !product.hidden &&
      (await countOpenReports(tx, product.id)) < deps.reportsToFlag
    ) {
      // product.md §4: "report" back to "false", so the seller may advertise it again.
      await clearListingReported(tx, product.id);
    }
    await insertAuditEntry(tx, admin.user, 'dismiss', { type: 'report', id: report.id, name: report.productName });
    return { acknowledged: true, modifiedCount: dismissed };
  });
}

/** The audit log, newest first, at most the newest 1,000 entries. */
export async function auditEntries(db: Database): Promise<AuditEntry[]> {
  return (await newestAuditEntries(db, AUDIT_LIST_LIMIT)).map(auditToWire);
}
