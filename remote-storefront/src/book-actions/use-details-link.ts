import type { MouseEvent } from 'react';
import { useNavigate, type Location } from 'react-router-dom';
import { useAuth } from '@bookswap/contract/auth';
import { loginHref, pageRedirectState, ROUTES, type PageRedirectState } from '@bookswap/contract/routing';
import type { Product } from '@bookswap/shared/schemas';
import { inPlace } from './in-place';

export interface DetailsLink {
  to: string;
  state?: PageRedirectState;
  onClick?(event: MouseEvent): void;
}

/**
 * Where a card's eye leads: the book's details, which need a sign-in. Until the visitor is known signed in it is a
 * link to the login screen told why ("Sign in to see this book’s details…", as Book Now says why) and back to the
 * book after, with that in its address too, so it works as painted, before the scripts (a visitor signed in comes
 * straight back). A press while the session is still loading goes to the details: the shell's guard waits and decides.
 */
export function useDetailsLink(product: Product): DetailsLink {
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const details = ROUTES.bookDetails.href({ id: product._id });
  if (user) return { to: details };
  const from: Location = { pathname: details, search: '', hash: '', state: null, key: 'default' };
  const state = pageRedirectState(from, 'details');
  const link: DetailsLink = { to: loginHref(state), state };
  if (!loading) return link;
  return {
    ...link,
    onClick: (event) => {
      if (!inPlace(event)) return;
      event.preventDefault();
      void navigate(details);
    },
  };
}
