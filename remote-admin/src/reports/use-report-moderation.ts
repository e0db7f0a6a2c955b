import { auditKeys, dismissReport, hideReportedProduct, productKeys, reportKeys } from '@bookswap/shared/api';
import type { Report } from '@bookswap/shared/schemas';
import { useCountedWrite } from '@bookswap/shared/ui';

// Hiding takes a book off every public list; both actions change reports, products' flags and the audit log.
const STALE = [reportKeys.all, productKeys.all, auditKeys.all];

/** Hide a reported book or dismiss an unfounded report, with a toast and the lists refreshed. */
export function useReportModeration() {
  const { busy, run } = useCountedWrite();
  return {
    busy,
    hide: (report: Report) =>
      run({
        send: async () => (await hideReportedProduct(report.productId)).modifiedCount,
        success: 'Product hidden successfully',
        alreadyDone: `${report.productName} is already hidden`,
        stale: STALE,
      }),
    dismiss: (report: Report) =>
      run({
        send: async () => (await dismissReport(report._id)).modifiedCount,
        success: 'Report dismissed successfully',
        alreadyDone: 'This report was already handled',
        stale: STALE,
      }),
  };
}
