import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface DataColumn<T> {
  header: string;
  cell(row: T): ReactNode;
  /** Keeps narrow columns (an image, a button) from taking space on a phone. */
  width?: number;
}

/** Every entity of the API has its `_id`, which keys the rows. */
export interface DataTableProps<T extends { _id: string }> {
  /** Names the table for screen readers (the screen's heading usually says the same). */
  label: string;
  columns: DataColumn<T>[];
  rows: T[];
  /** Shown instead of the table when there are no rows (SPEC: "No Product", "No Order", "No Report"). */
  empty: string;
}

/**
 * The dashboard's tables (My Product, My Orders, the admin lists): a real table for screen readers
 * and keyboards, which scrolls sideways on a phone instead of squeezing its columns.
 */
export function DataTable<T extends { _id: string }>({ label, columns, rows, empty }: DataTableProps<T>) {
  if (rows.length === 0) {
    return (
      <Typography sx={{ py: 4, textAlign: 'center' }} color="text.secondary">
        {empty}
      </Typography>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table aria-label={label} size="small" sx={{ minWidth: 560 }}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.header} sx={{ fontWeight: 700, width: column.width }}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row._id} hover>
              {columns.map((column) => (
                <TableCell key={column.header}>{column.cell(row)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
