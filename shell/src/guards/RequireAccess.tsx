import type { ReactNode } from 'react';
import { Navigate, useLocation, type Location } from 'react-router-dom';
import { useAuth } from '@bookswap/shared/auth';
import type { RouteAccess } from '@bookswap/shared/routing';
import { LoadingSpinner } from '@bookswap/shared/ui';

/** What the guards put in the location state of /login, so sign-in can send the user back (SPEC 2). */
export interface LoginRedirectState {
  from: Location;
}

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
  if (!allowed) {
    const state: LoginRedirectState = { from: location };
    return <Navigate to="/login" replace state={state} />;
  }
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
