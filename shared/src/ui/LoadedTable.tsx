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

/**
 * A dashboard table over an SWR load: a spinner until the first answer, the table (or its empty text),
 * and an error with Retry above it when a load fails; a failed refresh keeps the last rows on screen.
 */
export function LoadedTable<T extends { _id: string }>({ load, what, arrange, ...table }: LoadedTableProps<T>) {
  const { data, error, isLoading } = load;
  return (
    <>
      {error !== undefined && <LoadError error={error} what={what} onRetry={() => void load.mutate()} />}
      {data ? (
        <DataTable {...table} rows={arrange ? arrange(data) : data} />
      ) : (
        isLoading && <LoadingSpinner label={`Loading ${what.charAt(0).toLowerCase()}${what.slice(1)}`} />
      )}
    </>
  );
}
