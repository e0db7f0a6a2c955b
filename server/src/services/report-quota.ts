import type { Transaction } from '../db/database';
import { HttpError } from '../errors/http-error';
import { countReportsSince, lockReporterReports } from '../repositories/reports-repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One person makes at most `perDay` reports in any 24 hours (REPORTS_PER_DAY: otherwise one buyer could report
 * the whole catalogue). Inside the report's transaction, one person's reports are counted one at a time, so parallel
 * requests cannot slip past.
 */
export async function refuseOverReportQuota(tx: Transaction, reporterId: string, perDay: number): Promise<void> {
  await lockReporterReports(tx, reporterId);
  const made = await countReportsSince(tx, reporterId, new Date(Date.now() - DAY_MS));
  if (made >= perDay) throw new HttpError(429, `You have made the ${perDay} reports a day allows; try again tomorrow`);
}
