import { createContext, useContext } from 'react';
import type { AuthContextValue } from './auth-types';

const notConfigured = () => Promise.reject(new Error('Sign-in is not available in this host.'));

/** What a component sees outside any provider: signed out, nothing loading. */
export const signedOutAuth: AuthContextValue = {
  user: null,
  role: null,
  verify: false,
  loading: false,
  login: notConfigured,
  signup: notConfigured,
  googleSignIn: notConfigured,
  logout: () => Promise.resolve(),
};

/**
 * The one auth context of the product. It lives in the federated `@bookswap/shared` singleton, so the
 * shell's provider and every remote's `useAuth()` meet the same instance.
 */
export const AuthContext = createContext<AuthContextValue>(signedOutAuth);
AuthContext.displayName = 'BookswapAuth';

export function useAuth(): AuthContextValue {
  return useContext(AuthContext);
}
