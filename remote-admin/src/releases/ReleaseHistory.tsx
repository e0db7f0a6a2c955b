import { withTimeZone } from '@bookswap/shared/ui';
import Typography from '@mui/material/Typography';
import type { ReleaseHistoryItem, TelemetryRemote } from '@bookswap/shared/schemas';
import { DataTable, type DataColumn } from '@bookswap/shared/ui/tables';
import { actionText, changeText, REMOTE_LABEL, whenText } from './release-text';

type HistoryRow = ReleaseHistoryItem & { _id: string };

const columns: DataColumn<HistoryRow>[] = [
  { header: withTimeZone('When'), cell: (item) => <time dateTime={item.at}>{whenText(item.at)}</time> },
  { header: 'Action', cell: (item) => actionText(item) },
  { header: 'Change', cell: (item) => changeText(item) },
  { header: 'By', cell: (item) => item.command },
  { header: 'Reason', cell: (item) => item.reason },
];

/** The remote's recent registry changes, newest first as the server sends them, with an automatic decision's why. */
export function ReleaseHistory({ remote, history }: { remote: TelemetryRemote; history: ReleaseHistoryItem[] }) {
  const label = `${REMOTE_LABEL[remote]} release history`;
  return (
    <>
      <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
        Recent history
      </Typography>
      <DataTable
        label={label}
        columns={columns}
        rows={history.map((item, index) => ({ ...item, _id: `${item.at}-${index}` }))}
        empty="No release change yet"
      />
    </>
  );
}
