import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { MessageReport } from '@bookswap/shared/schemas';
import { formatDateTime, withTimeZone } from '@bookswap/shared/ui';
import { ReportedThreadDialog } from '@bookswap/shared/ui/booking-thread';
import { LoadedTable, type DataColumn } from '@bookswap/shared/ui/tables';
import { MESSAGE_REPORTS_ROUTE } from './message-reports-route';
import { useMessageReports } from './use-message-reports';

/**
 * The admin's list of reported messages, newest first: which booking's thread, who reported it and why. Only a reported
 * thread is readable to an admin, read-only, and each reading is audited (decision 030).
 */
export function MessageReportsPage() {
  const reports = useMessageReports();
  const [reading, setReading] = useState<MessageReport | null>(null);

  const columns: DataColumn<MessageReport>[] = [
    {
      header: withTimeZone('Reported'),
      cell: (report) => <time dateTime={report.reportedAt}>{formatDateTime(report.reportedAt)}</time>,
    },
    { header: 'Book', cell: (report) => report.book_name },
    { header: 'Reported by', cell: (report) => report.reporterName },
    { header: 'Reason', cell: (report) => <Box sx={{ whiteSpace: 'pre-wrap' }}>{report.reason}</Box> },
    {
      header: 'Thread',
      cell: (report) => (
        <Button
          size="small"
          variant="outlined"
          aria-label={`Read the thread about ${report.book_name} reported by ${report.reporterName}`}
          onClick={() => setReading(report)}
        >
          Read thread
        </Button>
      ),
    },
  ];

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {MESSAGE_REPORTS_ROUTE.title}
      </Typography>
      <LoadedTable
        load={reports}
        what="The reported messages"
        label={MESSAGE_REPORTS_ROUTE.title}
        columns={columns}
        empty="No message has been reported"
      />
      <ReportedThreadDialog
        bookingId={reading?.bookingId ?? null}
        bookName={reading?.book_name ?? ''}
        onClose={() => setReading(null)}
      />
    </Box>
  );
}
