import { toast, type ToastContainerProps } from 'react-toastify';
import { messageOf } from '../api/api-error';

/** product.md §9: success notices 2 s, errors 4 s, at most 20 at once. */
export const SUCCESS_TOAST_MS = 2000;
export const ERROR_TOAST_MS = 4000;
export const TOAST_LIMIT = 20;

/**
 * The top bar is sticky and at most 64 px tall (MUI's toolbar); toasts start below it (they covered
 * the navigation and the account menu), with a small gap.
 */
export const TOASTS_TOP_PX = 64 + 8;

export const toastContainerSettings: ToastContainerProps = {
  position: 'top-right',
  limit: TOAST_LIMIT,
  newestOnTop: true,
  // Inline, so it also wins over react-toastify's phone layout, which pins the container to the very top.
  style: { top: TOASTS_TOP_PX },
};

export function notifySuccess(message: string): void {
  toast.success(message, { autoClose: SUCCESS_TOAST_MS });
}

/** No failure is silent in this product: every failed call ends here with a readable message. */
export function notifyError(error: unknown): void {
  toast.error(messageOf(error), { autoClose: ERROR_TOAST_MS });
}
