import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Fragment, type ReactNode } from 'react';

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
  /** Shown instead of the table when there are no rows (product.md: "No Product", "No Order", "No Report"). */
  empty: string;
  /** Under the empty text: what to do next ("No Order" offers a link to browse books). */
  nextStep?: ReactNode;
}

/**
 * Whether the screen is too narrow for a row's columns side by side (a phone is 390 px wide). Read at
 * the first render (noSsr), so a phone never paints the wide table first; the theme's default without a provider.
 */
export function useOnPhone() {
  return useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
}

/** A cell with nothing in it (no action for this row, not reported) takes no line on a card. */
const isBlank = (value: ReactNode) => value === null || value === undefined || value === false || value === '';

/** The phone form: one card per row, each column's header beside its value, every action in reach. */
function RowCards<T extends { _id: string }>({ label, columns, rows }: Omit<DataTableProps<T>, 'empty' | 'nextStep'>) {
  return (
    <Stack component="ul" aria-label={label} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((row) => (
        <Paper component="li" key={row._id} variant="outlined" sx={{ p: 2 }}>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'fit-content(8rem) minmax(0, 1fr)',
              columnGap: 2,
              rowGap: 1,
              alignItems: 'center',
              m: 0,
            }}
          >
            {columns.map((column) => {
              const value = column.cell(row);
              if (isBlank(value)) return null;
              return (
                <Fragment key={column.header}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {column.header}
                  </Typography>
                  {/* Long emails and book names wrap instead of widening the page. */}
                  <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                    {value}
                  </Box>
                </Fragment>
              );
            })}
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The dashboard's tables (My Product, My Orders, the admin lists): a real table for screen readers and
 * keyboards; on a phone one card per row instead, so no page scrolls sideways and every action shows.
 */
export function DataTable<T extends { _id: string }>({ label, columns, rows, empty, nextStep }: DataTableProps<T>) {
  const onPhone = useOnPhone();
  if (rows.length === 0) {
    return (
      <Stack spacing={1} sx={{ py: 4, alignItems: 'center' }}>
        <Typography color="text.secondary">{empty}</Typography>
        {nextStep}
      </Stack>
    );
  }
  if (onPhone) return <RowCards label={label} columns={columns} rows={rows} />;
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
