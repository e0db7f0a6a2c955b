export { LoadingSpinner } from './LoadingSpinner';
export {
  ERROR_TOAST_MS,
  SUCCESS_TOAST_MS,
  TOAST_LIMIT,
  notifyError,
  notifySuccess,
  toastContainerSettings,
} from './toast-settings';
export { LoadError } from './LoadError';
export { theme } from './theme';
export { BookCover } from './BookCover';
export { useSendRequest } from './use-send-request';
export { useCountedWrite } from './use-counted-write';
export type { CountedWrite } from './use-counted-write';
// DataTable and LoadedTable: `@bookswap/shared/ui/tables`; FormTextField: `@bookswap/shared/ui/form-fields`;
// ConfirmationModal: `@bookswap/shared/ui/confirmation` (dialogs stay out of the first screens' load).
