import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ROUTES } from '@bookswap/contract/routing';
import type { Report, ReportStatus } from '@bookswap/shared/schemas';
import { ConfirmationModal, DELETE_PRODUCT_TITLE } from '@bookswap/shared/ui/confirmation';
import { type DataColumn, PagedTable, type TableSearch } from '@bookswap/shared/ui/tables';
import { useReportModeration } from './use-report-moderation';
import { useReports } from './use-reports';

const STATUS_TEXT: Record<ReportStatus, string> = { open: 'Open', hidden: 'Hidden', dismissed: 'Dismissed' };

const byReporterOrBook: TableSearch<Report> = {
  label: 'Search by reporter or book',
  textsOf: (report) => [report.reporterName, report.productName],
};

type Decision = { action: 'hide' | 'dismiss'; report: Report };

/**
 * What Hide does, as the server does it (server/src/services/moderation.ts): the listing is kept, not deleted, but
 * leaves the store and the ads, every report on it is closed and its seller is told; Bookswap has no way to show
 * it again. Not the delete message ("It cannot be undone") under a Hide button, which misled admins.
 */
export const hideMessage = (name: string) =>
  `Hiding ${name} takes it off the store and out of the ads, closes every report on it and tells the seller why. ` +
  'The listing is kept, not deleted, but it cannot be shown again from Bookswap.';

/** The confirmation each decision asks for; hiding keeps product.md §8's product title and its Hide button. */
function confirmationOf({ action, report }: Decision) {
  return action === 'hide'
    ? { title: DELETE_PRODUCT_TITLE, message: hideMessage(report.productName), confirmLabel: 'Hide' }
    : {
        title: 'Dismiss this report?',
        message: `${report.productName} stays listed and this report is closed.`,
        confirmLabel: 'Dismiss',
      };
}

/**
 * The reason, and for Other the reporter's own words beside it. The words keep their line breaks and break
 * anywhere, so that 500 characters without a space cannot push the table sideways.
 */
function reasonOf(report: Report) {
  if (!report.details) return report.reason;
  return (
    <Box component="span" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
      {`${report.reason}: ${report.details}`}
    </Box>
  );
}

/**
 * /dashboard/show-report: who reported which book and why. An open report can be acted on once:
 * hide the book (product.md §2) or dismiss the report as unfounded; a handled one shows the outcome.
 */
export function ReportsPage() {
  const reports = useReports();
  const { busy, hide, dismiss } = useReportModeration();
  // The last decision stays in state while the dialog closes, so its text does not blank mid-animation.
  const [decision, setDecision] = useState<Decision | null>(null);
  const [open, setOpen] = useState(false);
  const decide = (next: Decision) => {
    setDecision(next);
    setOpen(true);
  };

  const confirm = async () => {
    if (!decision) return;
    const taken = decision.action === 'hide' ? await hide(decision.report) : await dismiss(decision.report);
    if (taken) setOpen(false);
  };

  const columns: DataColumn<Report>[] = [
    { header: 'Reporter', cell: (report) => report.reporterName },
    {
      header: 'Book',
      // Only a book still public has a details page to look at before deciding.
      cell: (report) =>
        report.status === 'open' ? (
          <Link component={RouterLink} to={ROUTES.bookDetails.href({ id: report.productId })}>
            {report.productName}
          </Link>
        ) : (
          report.productName
        ),
    },
    { header: 'Reason', cell: reasonOf },
    { header: 'Status', cell: (report) => STATUS_TEXT[report.status] },
    {
      header: 'Action',
      cell: (report) =>
        report.status === 'open' && (
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              color="error"
              variant="contained"
              size="small"
              aria-label={`Hide Product ${report.productName}`}
              onClick={() => decide({ action: 'hide', report })}
              sx={{ whiteSpace: 'nowrap' }}
            >
              Hide Product
            </Button>
            <Button
              variant="outlined"
              size="small"
              aria-label={`Dismiss report on ${report.productName}`}
              onClick={() => decide({ action: 'dismiss', report })}
            >
              Dismiss
            </Button>
          </Stack>
        ),
    },
  ];

  const dialog = decision ? confirmationOf(decision) : { title: '', message: '', confirmLabel: '' };

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {ROUTES.reports.title}
      </Typography>
      <PagedTable
        load={reports}
        what="The reports"
        label="Reports"
        columns={columns}
        empty="No Report"
        search={byReporterOrBook}
      />
      <ConfirmationModal
        open={open}
        {...dialog}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      />
    </Box>
  );
}
