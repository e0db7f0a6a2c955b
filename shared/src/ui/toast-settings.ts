import type { ToastContainerProps } from 'react-toastify';
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

/**
 * react-toastify comes with the first notice, not with the first screen (none shows one): about 9 KB gzip a visit
 * pays only when something is said. Until a container is mounted it keeps what it is given; the shell mounts its
 * container as soon as any part loads the module (shell/src/toasts, docs/decisions/038).
 */
function show(kind: 'success' | 'info' | 'error', message: string, autoClose: number): void {
  import('react-toastify').then(
    ({ toast }) => toast[kind](message, { autoClose }),
    (error: unknown) => console.error(`Bookswap: the notice "${message}" could not be shown`, error),
  );
}

export function notifySuccess(message: string): void {
  show('success', message, SUCCESS_TOAST_MS);
}

/** Information, not a change: the server already had it, or the user need not act (2 s, as a success). */
export function notifyInfo(message: string): void {
  show('info', message, SUCCESS_TOAST_MS);
}

/** No failure is silent in this product: every failed call ends here with a readable message. */
export function notifyError(error: unknown): void {
  show('error', messageOf(error), ERROR_TOAST_MS);
}
