import { lazy, Suspense, useSyncExternalStore } from 'react';
import { SUCCESS_TOAST_MS, toastContainerSettings } from '@bookswap/shared/ui';
import { subscribeToToastDemand, toastsWanted } from './toasts-on-demand';

const ToastContainer = lazy(async () => ({ default: (await import('react-toastify')).ToastContainer }));

/** Where the notices appear (product.md §9: 2 s success, 4 s errors, 20 at most), mounted with the first of them. */
export function ToastLayer() {
  // Nothing on the server and while hydrating (its snapshot), so a notice raised before hydration matches the page.
  const shown = useSyncExternalStore(subscribeToToastDemand, toastsWanted, () => false);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer {...toastContainerSettings} autoClose={SUCCESS_TOAST_MS} />
    </Suspense>
  );
}
