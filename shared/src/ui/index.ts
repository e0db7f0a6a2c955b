export { ConfirmationModal, DELETE_BUYER_TITLE, DELETE_PRODUCT_TITLE, deleteMessage } from './ConfirmationModal';
export type { ConfirmationModalProps } from './ConfirmationModal';
export { LoadingSpinner } from './LoadingSpinner';
export {
  ERROR_TOAST_MS,
  SUCCESS_TOAST_MS,
  TOAST_LIMIT,
  notifyError,
  notifySuccess,
  toastContainerSettings,
} from './toast-settings';
