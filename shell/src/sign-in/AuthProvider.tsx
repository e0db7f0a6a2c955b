import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { AuthContext, createSessionStore, type AuthContextValue, type SessionStore } from '@bookswap/contract/auth';
import { getRuntimeConfig } from '@bookswap/contract/config';
import { connectFirebase, LOCAL_FIREBASE_SETTINGS, type IdentityProvider } from './identity-provider';
import { PasswordResetContext } from './password-reset';
import { createSessionController } from './session-controller';
import { LogOutEverywhereContext } from './sign-out-everywhere';

function connectConfigured(): Promise<IdentityProvider> {
  // Real Firebase when config.json names a project; the local Auth emulator otherwise.
  return connectFirebase(getRuntimeConfig().firebase ?? LOCAL_FIREBASE_SETTINGS);
}

export interface AuthProviderProps {
  children: ReactNode;
  /** Where the identity provider comes from; Firebase per config.json unless a test passes a fake. */
  connect?: () => Promise<IdentityProvider>;
  /** Where the state lives, so the router's guards can read it outside React; a fresh one by default. */
  session?: SessionStore;
}

/**
 * The shell's sign-in state behind the shared `useAuth()`: the session controller (session-controller.ts, over
 * the state machine of session-machine.ts) for this page. `loading` stays true until the provider has reported
 * AND the role look-up has finished, so a guard never judges a seller by a role still loading.
 */
export function AuthProvider({ children, connect = connectConfigured, session }: AuthProviderProps) {
  // One controller for the provider's life: the session it holds must outlive re-renders and remounts of effects.
  const [store] = useState(() => session ?? createSessionStore());
  const [controller] = useState(() => createSessionController(store, connect));
  // The same snapshot on the server (src/server-render): a page rendered there shows the state still loading.
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);

  useEffect(() => controller.start(), [controller]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      login: controller.login,
      signup: controller.signup,
      googleSignIn: controller.googleSignIn,
      logout: controller.logout,
    }),
    [state, controller],
  );
  return (
    <AuthContext.Provider value={value}>
      <PasswordResetContext.Provider value={controller.sendPasswordReset}>
        <LogOutEverywhereContext.Provider value={controller.logoutEverywhere}>
          {children}
        </LogOutEverywhereContext.Provider>
      </PasswordResetContext.Provider>
    </AuthContext.Provider>
  );
}
