import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from './DataTable';
import { LoadError } from './LoadError';
import { LoadingSpinner } from './LoadingSpinner';

/** What an SWR hook gives (`useMyOrders()`, `useReports()`...): the rows once loaded, or why not. */
export interface TableLoad<T> {
  data?: T[];
  error?: unknown;
  isLoading: boolean;
  mutate(): unknown;
}

export interface LoadedTableProps<T extends { _id: string }> extends Omit<DataTableProps<T>, 'rows'> {
  load: TableLoad<T>;
  /** What is loaded, for the spinner ("Loading the reports") and the error sentence ("The reports could not..."). */
  what: string;
  /** Orders or filters the loaded rows before they are shown. */
  arrange?(rows: T[]): T[];
}

interface TableLoadStateProps<T> {
  load: TableLoad<T>;
  what: string;
  /** What to show once rows are loaded (the table, or the table with its pages). */
  children(rows: T[]): ReactNode;
}

/**
 * A spinner until the first answer, then the rows' view, and an error with Retry above it when a load
 * fails; a failed refresh keeps the last rows on screen. Shared by the plain and the paged table.
 */
export function TableLoadState<T>({ load, what, children }: TableLoadStateProps<T>) {
  const { data, error, isLoading } = load;
  return (
    <>
      {error !== undefined && <LoadError error={error} what={what} onRetry={() => void load.mutate()} />}
      {data
        ? children(data)
        : isLoading && <LoadingSpinner label={`Loading ${what.charAt(0).toLowerCase()}${what.slice(1)}`} />}
    </>
  );
}

/** A dashboard table over an SWR load (see TableLoadState for loading and errors). */
export function LoadedTable<T extends { _id: string }>({ load, what, arrange, ...table }: LoadedTableProps<T>) {
  return (
    <TableLoadState load={load} what={what}>
      {(rows) => <DataTable {...table} rows={arrange ? arrange(rows) : rows} />}
    </TableLoadState>
  );
}
