import { useEffect } from 'react';
import { noteCaughtError } from './load-ledger';
import type { TelemetryUnit } from '@bookswap/shared/schemas';

/** Errors already noted: an error boundary renders again (StrictMode, a revalidation) with the same error. */
const noted = new WeakSet<object>();

/**
 * Counts an error a route boundary caught against `unit`'s release at `route` in its health, once however often the
 * boundary renders it; `counts` false (a remote that did not load, a page that does not exist) counts nothing.
 */
export function useCaughtErrorNoted(error: unknown, unit: TelemetryUnit, route: string, counts = true): void {
  useEffect(() => {
    if (!counts) return;
    if (typeof error === 'object' && error !== null) {
      if (noted.has(error)) return;
      noted.add(error);
    }
    noteCaughtError(unit, route);
  }, [counts, error, unit, route]);
}
