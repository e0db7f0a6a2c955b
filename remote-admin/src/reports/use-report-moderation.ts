import { writes } from '@bookswap/shared/api';
import type { Report } from '@bookswap/shared/schemas';
import { useWrite } from '@bookswap/shared/ui';

/** Hide a reported book or dismiss an unfounded report, with a toast; the writes refresh what they change. */
export function useReportModeration() {
  const { busy, run } = useWrite();
  return {
    busy,
    hide: (report: Report) =>
      run(writes.hideReportedProduct, report.productId, {
        success: 'Product hidden successfully',
        alreadyDone: `${report.productName} is already hidden`,
      }),
    dismiss: (report: Report) =>
      run(writes.dismissReport, report._id, {
        success: 'Report dismissed successfully',
        alreadyDone: 'This report was already handled',
      }),
  };
}
