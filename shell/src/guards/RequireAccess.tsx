import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '@bookswap/contract/auth';
import { LOGIN_PATH, loginRedirectState, mayOpen, type RouteAccess } from '@bookswap/contract/routing';
import { LoadingSpinner } from '@bookswap/shared/ui';

/**
 * The shell's route guards (product.md §2): a spinner while the auth state or the role is loading, then
 * either the screen or a redirect to /login that remembers where the user was going.
 */
export function RequireAccess({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const { user, role, loading } = useAuth();
  const location = useLocation();
  if (access === 'public') return children;
  if (loading) return <LoadingSpinner label="Checking your sign-in" />;
  // The one access rule, as the route loaders apply it before anything downloads (docs/decisions/006).
  if (!mayOpen(access, { signedIn: user !== null, role }))
    return <Navigate to={LOGIN_PATH} replace state={loginRedirectState(location)} />;
  return children;
}
