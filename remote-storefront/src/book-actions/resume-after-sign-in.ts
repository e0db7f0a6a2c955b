import { useEffect, useEffectEvent, useRef } from 'react';
import { useLocation, useSearchParams, type Location } from 'react-router-dom';
import { useAuth } from '@bookswap/contract/auth';
import { isLoginReason, RESUME_ACTION_PARAM, type LoginReason } from '@bookswap/contract/routing';
import type { Product } from '@bookswap/shared/schemas';
import { RESUME_ID_PARAM } from './resume-id-param';

/** The books a page's actions are for: the details page's own book, or a list's books once loaded. */
export type ShownBooks = Product | readonly Product[];

/**
 * Where sign-in brings the visitor back: this page, and on a list also the pressed book's id, so the modal can
 * open for that book again. The details page's book is the page's own and needs no id.
 */
export function returnAfterSignIn(location: Location, product: Product, shown: ShownBooks | undefined): Location {
  if (shown !== undefined && !isList(shown)) return location;
  const search = new URLSearchParams(location.search);
  search.set(RESUME_ID_PARAM, product._id);
  return { ...location, search: `?${search.toString()}` };
}

function isList(shown: ShownBooks): shown is readonly Product[] {
  return Array.isArray(shown);
}

function resumedBook(shown: ShownBooks, id: string | null): Product | undefined {
  if (!isList(shown)) return shown;
  return id === null ? undefined : shown.find((product) => product._id === id);
}

interface Resume {
  /** Everything the action checks is known (the buyer's bookings, the seller's own id). */
  ready: boolean;
  open: Record<LoginReason, (product: Product) => void>;
}

/**
 * Back from signing in with `?resume=book|report` (see loginRedirectState): opens that action's modal again for
 * the book pressed when it is on the page, and takes the parameters out of the URL (replacing the entry, so Back
 * and a reload do not open it once more). A book no longer on the page opens nothing.
 */
export function useResumeAfterSignIn(shown: ShownBooks | undefined, { ready, open }: Resume): void {
  const { user } = useAuth();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const reason = params.get(RESUME_ACTION_PARAM);
  const id = params.get(RESUME_ID_PARAM);
  // Once per history entry: the render before the URL changes must not open the modal a second time.
  const handled = useRef<string | null>(null);
  // With the page's latest state (the buyer's bookings), without re-running the effect when it changes.
  const openFor = useEffectEvent((action: LoginReason, product: Product) => open[action](product));

  useEffect(() => {
    if (!isLoginReason(reason) || !user || !ready || shown === undefined) return;
    if (handled.current === location.key) return;
    handled.current = location.key;
    const product = resumedBook(shown, id);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(RESUME_ACTION_PARAM);
        next.delete(RESUME_ID_PARAM);
        return next;
      },
      { replace: true, state: location.state as unknown },
    );
    if (product) openFor(reason, product);
  }, [reason, id, user, ready, shown, location.key, location.state, setParams]);
}
