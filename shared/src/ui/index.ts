export { LoadingSpinner } from './LoadingSpinner';
export {
  ERROR_TOAST_MS,
  SUCCESS_TOAST_MS,
  TOAST_LIMIT,
  notifyError,
  notifyInfo,
  notifySuccess,
  toastContainerSettings,
} from './toast-settings';
export { LoadError } from './LoadError';
export { theme } from './theme';
export { BookCover } from './BookCover';
export { SellerRatingLine } from './SellerRatingLine';
// The same function the server writes notices and emails with (`@bookswap/shared/schemas`), from its import-free file.
export { formatPrice } from '../schemas/money-format';
export { formatCount } from '../schemas/number-format';
export { formatDateTime, timeZoneName, withTimeZone } from '../schemas/date-format';
export { useInvalidate, useWrite } from './use-write';
export { useMyBookings } from './use-my-bookings';
export { useApiQuery } from './use-api-query';
export type { WriteOutcome } from './use-write';
export { drawsRenderedPage, PAGE_STATE_ID } from './rendered-page';
// DataTable and LoadedTable: `@bookswap/shared/ui/tables`; FormTextField: `@bookswap/shared/ui/form-fields`;
// ConfirmationModal: `@bookswap/shared/ui/confirmation` (dialogs stay out of the first screens' load).
