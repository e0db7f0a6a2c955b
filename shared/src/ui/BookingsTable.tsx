import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import { useEffect, useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ROUTES } from '@bookswap/contract/routing';
import { BOOKING_STATUS_LABELS, BOOKING_STATUSES, isBookingStatus } from '../schemas/booking-rules';
import type { Booking, BookingPage } from '../schemas/booking';
import { PAGE_SIZES, pageCount } from '../schemas/catalog-rules';
import type { BookingListPlace } from './booking-list-place';
import { DataTable, type DataColumn } from './DataTable';
import { TableLoadState } from './LoadedTable';
import { TablePages } from './PagedTable';

/** What an SWR hook over a page of bookings gives. */
export interface BookingPageLoad {
  data?: BookingPage;
  error?: unknown;
  isLoading: boolean;
  mutate(): unknown;
}

export interface BookingsTableProps {
  load: BookingPageLoad;
  place: BookingListPlace;
  onPlace(next: BookingListPlace): void;
  /** Names the table and its pages for screen readers. */
  label: string;
  /** For the spinner and the error sentence ("Your orders"). */
  what: string;
  columns: DataColumn<Booking>[];
  /** When the person has no booking at all (product.md's "No Order"); a way to the book list shows under it. */
  empty: string;
}

const ALL = 'all';

/**
 * My Orders and Booking Requests: one page of bookings as the server pages, filters and orders them
 * (newest first), a status filter, the pages and their size. A filter that finds nothing says so instead of the
 * empty text, which would tell someone with bookings that they have none.
 */
export function BookingsTable({ load, place, onPlace, label, what, columns, empty }: BookingsTableProps) {
  const statusId = useId();
  const sizeId = useId();
  const count = load.data?.count;
  const pages = count === undefined ? 0 : pageCount(count, place.size);

  // A page emptied meanwhile (the last row declined away, a filter changed in another tab): the last that has rows.
  const emptiedPage = count !== undefined && count > 0 && place.page >= pages;
  useEffect(() => {
    if (emptiedPage) onPlace({ ...place, page: Math.max(0, pages - 1) });
  });

  return (
    <Stack spacing={2}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
        <FormControl size="small" sx={{ minWidth: 220 }}>
          <InputLabel id={statusId}>Status</InputLabel>
          <Select
            labelId={statusId}
            label="Status"
            value={place.status ?? ALL}
            onChange={(event) => {
              const { page: _page, status: _status, ...rest } = place;
              const status = event.target.value;
              onPlace({ ...rest, page: 0, ...(isBookingStatus(status) ? { status } : {}) });
            }}
          >
            <MenuItem value={ALL}>All</MenuItem>
            {BOOKING_STATUSES.map((status) => (
              <MenuItem key={status} value={status}>
                {BOOKING_STATUS_LABELS[status]}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 140 }}>
          <InputLabel id={sizeId}>Rows per page</InputLabel>
          <Select
            labelId={sizeId}
            label="Rows per page"
            value={place.size}
            onChange={(event) => onPlace({ ...place, page: 0, size: Number(event.target.value) })}
          >
            {PAGE_SIZES.map((size) => (
              <MenuItem key={size} value={size}>
                {size}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Stack>
      <TableLoadState load={{ ...load, data: load.data?.bookings }} what={what}>
        {(rows) => (
          <Stack spacing={2}>
            <DataTable
              label={label}
              columns={columns}
              rows={rows}
              empty={place.status ? `No booking is ${BOOKING_STATUS_LABELS[place.status].toLowerCase()}` : empty}
              nextStep={
                place.status ? undefined : (
                  // The next step from an empty list: books to book, or to see what sells.
                  <Button component={RouterLink} to={ROUTES.bookList.path} variant="outlined">
                    Browse books
                  </Button>
                )
              }
            />
            <TablePages
              label={label}
              start={place.page * place.size}
              shown={rows.length}
              total={count ?? rows.length}
              page={Math.min(place.page + 1, pages)}
              pageCount={pages}
              onPage={(shown) => onPlace({ ...place, page: shown - 1 })}
            />
          </Stack>
        )}
      </TableLoadState>
    </Stack>
  );
}
