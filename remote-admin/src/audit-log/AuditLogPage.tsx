import { withTimeZone } from '@bookswap/shared/ui';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ROUTES } from '@bookswap/contract/routing';
import type { AuditEntry } from '@bookswap/shared/schemas';
import { LoadedTable, type DataColumn } from '@bookswap/shared/ui/tables';
import { actionText, newestFirst, whenText } from './audit-entry-text';
import { useAuditLog } from './use-audit-log';

/** A name with what it names in smaller text below it. */
function NamedCell({ name, detail }: { name: string; detail: string }) {
  return (
    <>
      {name}
      <Typography variant="body2" color="text.secondary">
        {detail}
      </Typography>
    </>
  );
}

const columns: DataColumn<AuditEntry>[] = [
  { header: withTimeZone('When'), cell: (entry) => <time dateTime={entry.at}>{whenText(entry)}</time> },
  { header: 'Who', cell: (entry) => <NamedCell name={entry.actorName} detail={entry.actorEmail} /> },
  { header: 'Action', cell: (entry) => actionText(entry) },
  { header: 'Target', cell: (entry) => <NamedCell name={entry.targetName} detail={entry.targetType} /> },
];

/** /dashboard/audit: every admin action with who did it, to what and when, newest first. */
export function AuditLogPage() {
  const auditLog = useAuditLog();
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {ROUTES.auditLog.title}
      </Typography>
      <LoadedTable
        load={auditLog}
        what="The audit log"
        label={ROUTES.auditLog.title}
        columns={columns}
        arrange={newestFirst}
        empty="No admin action yet"
      />
    </Box>
  );
}
