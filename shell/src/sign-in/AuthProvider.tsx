import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import {
  ACCESS_TOKEN_KEY,
  ApiError,
  clearAccessToken,
  createUser,
  endServerSession,
  getAccessToken,
  getUserByEmail,
  readAccessToken,
  setUnauthorizedHandler,
  storeAccessToken,
} from '@bookswap/shared/api';
import {
  AuthContext,
  createSessionStore,
  SIGNED_OUT,
  type AuthContextValue,
  type SessionStore,
  type SignedInIdentity,
  type SignupInput,
} from '@bookswap/shared/auth';
import { getRuntimeConfig } from '@bookswap/shared/config';
import type { SignupRole } from '@bookswap/shared/schemas';
import { notifyError, notifySuccess } from '@bookswap/shared/ui';
import { connectFirebase, LOCAL_FIREBASE_SETTINGS, type IdentityProvider } from './identity-provider';
import { rememberSignupChoice, takeSignupChoice } from './pending-signup';
import { syncToken } from './token-sync';

/** Spelled as in product.md §7. */
export const USER_CREATED_MESSAGE = 'user created succrssfully';
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

const signedOut = SIGNED_OUT;

function connectConfigured(): Promise<IdentityProvider> {
  // Real Firebase when config.json names a project; the local Auth emulator otherwise.
  return connectFirebase(getRuntimeConfig().firebase ?? LOCAL_FIREBASE_SETTINGS);
}

function emailOf(identity: SignedInIdentity | null): string {
  if (!identity?.email) throw new Error('This account has no email address, which Bookswap needs to find your role.');
  return identity.email;
}

/** Creates the user record; a record that already exists (409) is kept as it is, with its role. */
async function createUserRecord(identity: SignedInIdentity, role: SignupRole, idToken: string, name?: string) {
  const userEmail = emailOf(identity);
  const userName = (name ?? identity.displayName ?? '').trim() || userEmail.split('@')[0]!;
  try {
    await createUser({ userEmail, userName, role }, idToken);
    notifySuccess(USER_CREATED_MESSAGE);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
  }
}

/** The server's answer to a password account that has not verified its email yet (SECURITY.md). */
function isUnverifiedEmail(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && error.field === 'email_verified';
}

/** Sends the verification link and gives back the server's message, which the sign-in forms show in red. */
async function askToVerifyEmail(provider: IdentityProvider, error: ApiError): Promise<Error> {
  // The provider refuses to resend a link it sent moments ago (auth/too-many-requests); that link still works.
  await provider.sendEmailVerification().catch(() => undefined);
  return new Error(error.message);
}

/**
 * Trades the provider's ID token for the server's access token and stores it. An identity with no user
 * record yet becomes a buyer first (a first Google sign-in, product.md §4), or takes the role it chose at sign-up
 * when its record had to wait for the email to be verified.
 */
async function obtainAccessToken(provider: IdentityProvider, identity: SignedInIdentity, forceRefresh = false) {
  const email = emailOf(identity);
  const idToken = await provider.idToken({ forceRefresh });
  let answer;
  try {
    answer = await getAccessToken(email, idToken);
  } catch (error) {
    if (isUnverifiedEmail(error)) throw await askToVerifyEmail(provider, error);
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    const chosen = takeSignupChoice(email);
    await createUserRecord(identity, chosen?.role ?? 'buyer', idToken, chosen?.name || undefined);
    answer = await getAccessToken(email, idToken);
  }
  storeAccessToken(answer.accessToken);
}

export interface AuthProviderProps {
  children: ReactNode;
  /** Where the identity provider comes from; Firebase per config.json unless a test passes a fake. */
  connect?: () => Promise<IdentityProvider>;
  /** Where the state lives, so the router's guards can read it outside React; a fresh one by default. */
  session?: SessionStore;
}

/**
 * The shell's sign-in state behind the shared `useAuth()`. `loading` stays true until the provider has
 * reported AND the role look-up has finished, so a guard never judges a seller by a role still loading.
 */
export function AuthProvider({ children, connect = connectConfigured, session }: AuthProviderProps) {
  const [store] = useState(() => session ?? createSessionStore());
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const setState = store.set;
  const providerPromise = useRef<Promise<IdentityProvider> | null>(null);
  // While an action runs it owns the session: the provider's own reports are ignored until it ends.
  const actionsRunning = useRef(0);
  const refreshing = useRef<Promise<boolean> | null>(null);

  // Only a page with a session hint (a stored access token) needs the identity SDK at start-up; a visitor
  // without one gets it when a sign-in begins or another tab signs in, so the home page loads no Firebase.
  const [listening, setListening] = useState(() => readAccessToken() !== null);
  const provider = useCallback(() => {
    if (!providerPromise.current) setListening(true);
    return (providerPromise.current ??= connect());
  }, [connect]);

  const endSession = useCallback(async () => {
    clearAccessToken();
    setState(signedOut);
    const identityProvider = await provider();
    await identityProvider.signOut();
  }, [provider, setState]);

  /** Access token (when missing or after a sign-in), then the role from the user record. */
  const establish = useCallback(
    async (identityProvider: IdentityProvider, afterSignIn: boolean) => {
      const identity = identityProvider.current();
      if (!identity) throw new Error('Sign-in did not complete. Please try again.');
      setState((previous) => ({ ...previous, user: identity, loading: true }));
      if (afterSignIn || !readAccessToken()) await obtainAccessToken(identityProvider, identity);
      const record = await getUserByEmail(emailOf(identity));
      // A role look-up that finishes after a sign-out or another sign-in must not overwrite the newer state.
      if (store.getSnapshot().user?.uid !== identity.uid) return;
      setState({
        user: identityProvider.current() ?? identity,
        role: record.role,
        verify: record.verify,
        loading: false,
      });
      if (afterSignIn) void syncToken('POST', identityProvider);
    },
    [store, setState],
  );

  useEffect(() => {
    if (listening) return;
    setState(signedOut);
    const onStorage = (event: StorageEvent) => {
      if (event.key === ACCESS_TOKEN_KEY && event.newValue) setListening(true);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [listening, setState]);

  // The provider's reports: the session restored at start-up, and sign-ins and sign-outs in other tabs.
  useEffect(() => {
    if (!listening) return;
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    provider().then(
      (identityProvider) => {
        if (cancelled) return;
        unsubscribe = identityProvider.onChange((identity) => {
          if (actionsRunning.current > 0) return;
          if (!identity) {
            clearAccessToken();
            setState(signedOut);
            return;
          }
          establish(identityProvider, false).catch((error: unknown) => {
            notifyError(error);
            setState((previous) => ({ ...previous, loading: false }));
          });
        });
      },
      (error: unknown) => {
        notifyError(error);
        setState(signedOut);
      },
    );
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [listening, provider, establish, setState]);

  // product.md §6 and ARCHITECTURE "Auth and tokens": a protected call answering 401 gets one fresh access token
  // (from a fresh ID token) and is retried; when that fails the user is signed out and the guards send
  // them to /login. Concurrent 401s share one refresh.
  useEffect(() => {
    setUnauthorizedHandler(() => {
      refreshing.current ??= (async () => {
        try {
          const identityProvider = await provider();
          const identity = identityProvider.current();
          if (!identity) throw new Error(SESSION_ENDED_MESSAGE);
          await obtainAccessToken(identityProvider, identity, true);
          return true;
        } catch {
          notifyError(new Error(SESSION_ENDED_MESSAGE));
          await endSession().catch(notifyError);
          return false;
        } finally {
          refreshing.current = null;
        }
      })();
      return refreshing.current;
    });
    return () => setUnauthorizedHandler(null);
  }, [provider, endSession]);

  const runAction = useCallback(
    async (signIn: (identityProvider: IdentityProvider) => Promise<void>) => {
      actionsRunning.current += 1;
      setState((previous) => ({ ...previous, loading: true }));
      const identityProvider = await provider();
      try {
        await signIn(identityProvider);
        await establish(identityProvider, true);
      } catch (error) {
        // Half a sign-in (provider yes, server no) would leave guards and API calls disagreeing: undo it.
        clearAccessToken();
        if (identityProvider.current()) await identityProvider.signOut().catch(() => undefined);
        setState(signedOut);
        throw error;
      } finally {
        actionsRunning.current -= 1;
      }
    },
    [provider, establish, setState],
  );

  const login = useCallback(
    (email: string, password: string) => runAction((identityProvider) => identityProvider.signIn(email, password)),
    [runAction],
  );

  const signup = useCallback(
    ({ name, email, password, photoURL, role }: SignupInput) =>
      runAction(async (identityProvider) => {
        await identityProvider.signUp({ email, password, name, photoURL: photoURL?.trim() || undefined });
        const identity = identityProvider.current();
        if (!identity) throw new Error('Sign-up did not complete. Please try again.');
        // The chosen role is recorded before the token is asked for, which needs the record. Without a record
        // the new account is removed again, so that signing up once more can record the role.
        try {
          await createUserRecord(identity, role, await identityProvider.idToken(), name);
        } catch (error) {
          // An unverified address keeps its new account (the link makes it usable) and its chosen role.
          if (isUnverifiedEmail(error)) {
            rememberSignupChoice(email, role, name);
            throw await askToVerifyEmail(identityProvider, error);
          }
          await identityProvider.deleteAccount().catch(() => undefined);
          throw error;
        }
      }),
    [runAction],
  );

  const googleSignIn = useCallback(() => runAction((identityProvider) => identityProvider.googleSignIn()), [runAction]);

  const logout = useCallback(async () => {
    actionsRunning.current += 1;
    setState((previous) => ({ ...previous, loading: true }));
    try {
      // The server refuses this session's tokens from now on; offline, signing out here still goes ahead.
      const token = readAccessToken();
      if (token) await endServerSession(token).catch(() => undefined);
      const identityProvider = await provider();
      if (identityProvider.current()) await syncToken('DELETE', identityProvider);
      await endSession();
    } finally {
      actionsRunning.current -= 1;
      setState(signedOut);
    }
  }, [provider, endSession, setState]);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, login, signup, googleSignIn, logout }),
    [state, login, signup, googleSignIn, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
