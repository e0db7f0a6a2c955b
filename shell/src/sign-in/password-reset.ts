import { createContext, useContext } from 'react';
import { SIGN_IN_UNAVAILABLE_MESSAGE } from './session-controller';

/**
 * Emails a link to choose a new password ("Forgot password?"). The shell's own context beside the shared `useAuth()`: only
 * the login screen needs it, and the remotes never do. The AuthProvider gives the session's; a test gives a fake.
 */
export type SendPasswordReset = (email: string) => Promise<void>;

export const PasswordResetContext = createContext<SendPasswordReset>(() =>
  Promise.reject(new Error(SIGN_IN_UNAVAILABLE_MESSAGE)),
);

export const usePasswordReset = (): SendPasswordReset => useContext(PasswordResetContext);
