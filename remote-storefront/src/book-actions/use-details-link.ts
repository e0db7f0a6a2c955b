import type { Location } from 'react-router-dom';
import { useAuth } from '@bookswap/contract/auth';
import { LOGIN_PATH, pageRedirectState, ROUTES, type PageRedirectState } from '@bookswap/contract/routing';
import type { Product } from '@bookswap/shared/schemas';

/**
 * Where a card's eye leads: the book's details, which need a sign-in. A signed-out visitor goes straight to the
 * login screen told why ("Sign in to see this book’s details…", as Book Now says why), and back to the book after.
 * While the session is still loading the link keeps the details path: the shell's guard waits and decides.
 */
export function useDetailsLink(product: Product): { to: string; state?: PageRedirectState } {
  const { user, loading } = useAuth();
  const details = ROUTES.bookDetails.href({ id: product._id });
  if (user || loading) return { to: details };
  const from: Location = { pathname: details, search: '', hash: '', state: null, key: 'default' };
  return { to: LOGIN_PATH, state: pageRedirectState(from, 'details') };
}
