import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { DataTable, useOnPhone } from './DataTable';
import { TableLoadState, type LoadedTableProps } from './LoadedTable';

/** A search box over a table's rows. */
export interface TableSearch<T> {
  /** The box's label, saying where it looks ("Search by name or email"). */
  label: string;
  /** The texts a row is found by (its name, email, book), compared without regard to case. */
  textsOf(row: T): string[];
}

export interface PagedTableProps<T extends { _id: string }> extends LoadedTableProps<T> {
  /** Rows per page; 20 unless given. */
  pageSize?: number;
  /** A search box above the table; only rows with a text containing what is typed stay. */
  search?: TableSearch<T>;
}

const DEFAULT_PAGE_SIZE = 20;

/** The rows of one page (counted from 1) among those the query finds, and where they sit in the whole. */
function pageOf<T>(rows: T[], page: number, pageSize: number, query: string, search?: TableSearch<T>) {
  const words = query.trim().toLowerCase();
  const found =
    search && words
      ? rows.filter((row) => search.textsOf(row).some((text) => text.toLowerCase().includes(words)))
      : rows;
  const pageCount = Math.max(1, Math.ceil(found.length / pageSize));
  // A delete can empty the last page: show the page before it rather than nothing.
  const current = Math.min(page, pageCount);
  const start = (current - 1) * pageSize;
  return { rows: found.slice(start, start + pageSize), current, pageCount, start, found: found.length };
}

export interface TablePagesProps {
  /** The table's name; its pages are "<label> pages". */
  label: string;
  /** Where the page starts among the rows found (from 0), how many it shows, of how many. */
  start: number;
  shown: number;
  total: number;
  /** The page shown, counted from 1, and how many there are. */
  page: number;
  pageCount: number;
  onPage(page: number): void;
}

/** Under a paged table: where the page sits ("Showing 6–10 of 12") and the pages, when there is more than one. */
export function TablePages({ label, start, shown, total, page, pageCount, onPage }: TablePagesProps) {
  const onPhone = useOnPhone();
  return (
    <Stack
      direction="row"
      useFlexGap
      sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}
    >
      {/* Said after each page change or search, so a screen reader hears where it landed. */}
      <Typography role="status" color="text.secondary">
        {shown > 0 && `Showing ${start + 1}–${start + shown} of ${total}`}
      </Typography>
      {pageCount > 1 && (
        <Pagination
          aria-label={`${label} pages`}
          count={pageCount}
          page={page}
          siblingCount={onPhone ? 0 : 1}
          onChange={(_, next) => onPage(next)}
        />
      )}
    </Stack>
  );
}

/**
 * A dashboard table over a whole loaded list, a page at a time (200 rows are not one long table),
 * with an optional search box. The API sends the whole list, so paging and search happen here.
 */
export function PagedTable<T extends { _id: string }>({
  load,
  what,
  arrange,
  pageSize = DEFAULT_PAGE_SIZE,
  search,
  empty,
  ...table
}: PagedTableProps<T>) {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const searchId = useId();
  const words = query.trim();

  return (
    <Stack spacing={2}>
      {search && (
        <FormControl size="small" sx={{ maxWidth: { sm: 360 } }}>
          <InputLabel htmlFor={searchId}>{search.label}</InputLabel>
          <OutlinedInput
            id={searchId}
            type="search"
            label={search.label}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setPage(1);
            }}
          />
        </FormControl>
      )}
      <TableLoadState load={load} what={what}>
        {(loaded) => {
          const view = pageOf(arrange ? arrange(loaded) : loaded, page, pageSize, query, search);
          return (
            <Stack spacing={2}>
              <DataTable {...table} rows={view.rows} empty={words ? `Nothing matches “${words}”` : empty} />
              <TablePages
                label={table.label}
                start={view.start}
                shown={view.rows.length}
                total={view.found}
                page={view.current}
                pageCount={view.pageCount}
                onPage={setPage}
              />
            </Stack>
          );
        }}
      </TableLoadState>
    </Stack>
  );
}
