import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '@bookswap/shared/auth';
import { LOGIN_PATH, loginRedirectState, type RouteAccess } from '@bookswap/shared/routing';
import { LoadingSpinner } from '@bookswap/shared/ui';

/**
 * The shell's route guards (SPEC 2): a spinner while the auth state or the role is loading, then
 * either the screen or a redirect to /login that remembers where the user was going.
 */
export function RequireAccess({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const { user, role, loading } = useAuth();
  const location = useLocation();
  if (access === 'public') return children;
  if (loading) return <LoadingSpinner label="Checking your sign-in" />;
  const allowed = user !== null && (access === 'user' || role === access);
  if (!allowed) return <Navigate to={LOGIN_PATH} replace state={loginRedirectState(location)} />;
  return children;
}

export const RequireUser = ({ children }: { children: ReactNode }) => (
  <RequireAccess access="user">{children}</RequireAccess>
);
export const RequireSeller = ({ children }: { children: ReactNode }) => (
  <RequireAccess access="seller">{children}</RequireAccess>
);
export const RequireAdmin = ({ children }: { children: ReactNode }) => (
  <RequireAccess access="admin">{children}</RequireAccess>
);
