import { and, asc, count, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { firstRow } from '../db/first-row';
import type { Queryable } from '../db/database';
import { newId } from '../db/ids';
import { reports, type ReportRow } from '../db/schema';
import { countSince, lockUntilCommit } from './row-statements';

/**
 * The reports table: a user's report of a listing, open until an admin hides (or deletes) the listing or dismisses
 * it. No foreign key ties a report to its listing (migration 0008): the service decides whether reports outlive it.
 */

export type { ReportRow };

/** Oldest first, as the admin's Report table lists them. */
export function listReports(db: Queryable): Promise<ReportRow[]> {
  return db.select().from(reports).orderBy(asc(reports.createdAt), asc(reports.id));
}

export function reportById(db: Queryable, id: string): Promise<ReportRow | undefined> {
  return firstRow(db.select().from(reports).where(eq(reports.id, id)));
}

/** The new report's id, or undefined when this user already reported the listing. */
export async function insertReportIfNew(
  db: Queryable,
  report: Pick<
    ReportRow,
    'productId' | 'reporterId' | 'reporterUid' | 'reporterName' | 'productName' | 'reason' | 'details'
  >,
): Promise<string | undefined> {
  const [row] = await db
    .insert(reports)
    .values({ id: newId(), ...report })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  return row?.id;
}

/** How many open reports the listing has: as many people, since each reports a listing once. */
export async function countOpenReports(db: Queryable, productId: string): Promise<number> {
  const [open] = await db
    .select({ reports: count() })
    .from(reports)
    .where(and(eq(reports.productId, productId), eq(reports.status, 'open')));
  return Number(open?.reports ?? 0);
}

/** Serialises one person's new reports until the transaction ends. */
export function lockReporterReports(tx: Queryable, reporterId: string): Promise<void> {
  return lockUntilCommit(tx, `report:${reporterId}`);
}

export function countReportsSince(tx: Queryable, reporterId: string, since: Date): Promise<number> {
  return countSince(tx, reports, { owner: reports.reporterId, ownerId: reporterId, at: reports.createdAt, since });
}

/** Removes every report of the listing (its seller deleted it); answers how many went. */
export async function deleteListingReports(db: Queryable, productId: string): Promise<number> {
  const deleted = await db.delete(reports).where(eq(reports.productId, productId)).returning({ id: reports.id });
  return deleted.length;
}

/** Whether the listing has any report (`open`: any still open). */
export async function listingHasReports(
  db: Queryable,
  productId: string,
  which: 'any' | 'open' = 'any',
): Promise<boolean> {
  const open = which === 'open' ? eq(reports.status, 'open') : undefined;
  const row = await firstRow(
    db
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.productId, productId), open)),
  );
  return row !== undefined;
}

async function moveReports(db: Queryable, which: SQL | undefined, status: ReportRow['status']): Promise<number> {
  const moved = await db.update(reports).set({ status }).where(which).returning({ id: reports.id });
  return moved.length;
}

/** Every report of the listing not yet hidden reads hidden; answers how many changed. */
export function markListingReportsHidden(db: Queryable, productId: string): Promise<number> {
  return moveReports(db, and(eq(reports.productId, productId), ne(reports.status, 'hidden')), 'hidden');
}

/** Dismisses an open report; answers how many changed (0 when it was no longer open). */
export function dismissOpenReport(db: Queryable, id: string): Promise<number> {
  return moveReports(db, and(eq(reports.id, id), eq(reports.status, 'open')), 'dismissed');
}

/** The distinct reasons the listing was reported for, in the order first given. */
export async function reportReasonsOf(db: Queryable, productId: string): Promise<string[]> {
  return (await reportReasonsOfListings(db, [productId])).get(productId) ?? [];
}

/** The distinct reasons each of these listings was reported for, in the order first given; none for an unreported one. */
export async function reportReasonsOfListings(db: Queryable, productIds: string[]): Promise<Map<string, string[]>> {
  const reasons = new Map<string, string[]>();
  if (productIds.length === 0) return reasons;
  const rows = await db
    .select({ productId: reports.productId, reason: reports.reason })
    .from(reports)
    .where(inArray(reports.productId, productIds))
    .orderBy(asc(reports.createdAt), asc(reports.id));
  for (const row of rows) {
    const given = reasons.get(row.productId) ?? [];
    if (!given.includes(row.reason)) given.push(row.reason);
    reasons.set(row.productId, given);
  }
  return reasons;
}
