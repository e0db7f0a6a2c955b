import { toast, type ToastContainerProps } from 'react-toastify';
import { messageOf } from '../api/api-error';

/** product.md §9: success notices 2 s, errors 4 s, at most 20 at once. */
export const SUCCESS_TOAST_MS = 2000;
export const ERROR_TOAST_MS = 4000;
export const TOAST_LIMIT = 20;

export const toastContainerSettings: ToastContainerProps = {
  position: 'top-right',
  limit: TOAST_LIMIT,
  newestOnTop: true,
};

export function notifySuccess(message: string): void {
  toast.success(message, { autoClose: SUCCESS_TOAST_MS });
}

/** No failure is silent in this product: every failed call ends here with a readable message. */
export function notifyError(error: unknown): void {
  toast.error(messageOf(error), { autoClose: ERROR_TOAST_MS });
}
