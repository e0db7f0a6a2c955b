// The dashboard's tables, an entry of their own: the home page and the book list never load MUI's table parts.
export { DataTable } from './DataTable';
export type { DataColumn, DataTableProps } from './DataTable';
export { LoadedTable } from './LoadedTable';
export type { LoadedTableProps, TableLoad } from './LoadedTable';
export { PagedTable } from './PagedTable';
export type { PagedTableProps, TableSearch } from './PagedTable';
export { BookingsTable } from './BookingsTable';
export type { BookingPageLoad, BookingsTableProps } from './BookingsTable';
export { bookingListParams, readBookingListPlace, useBookingListPlace } from './booking-list-place';
export type { BookingListPlace } from './booking-list-place';
