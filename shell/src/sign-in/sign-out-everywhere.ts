import { createContext, useContext } from 'react';
import { SIGN_IN_UNAVAILABLE_MESSAGE } from './session-controller';

/**
 * "Log out of all devices": every session of this person ends, on every device. The shell's own context beside the
 * shared `useAuth()`, as the account menu is the shell's and the remotes never need it. The AuthProvider gives the
 * session's; a test gives a fake.
 */
export type LogOutEverywhere = () => Promise<void>;

export const LogOutEverywhereContext = createContext<LogOutEverywhere>(() =>
  Promise.reject(new Error(SIGN_IN_UNAVAILABLE_MESSAGE)),
);

export const useLogOutEverywhere = (): LogOutEverywhere => useContext(LogOutEverywhereContext);
