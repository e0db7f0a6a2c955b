import {
  ACCESS_TOKEN_KEY,
  ApiError,
  clearAccessToken,
  createUser,
  endServerSession,
  getAccessToken,
  getUserByEmail,
  readAccessToken,
  storeAccessToken,
} from '@bookswap/shared/api';
import {
  setUnauthorizedHandler,
  type AuthContextValue,
  type SessionStore,
  type SignedInIdentity,
  type SignupInput,
} from '@bookswap/contract/auth';
import type { SignupRole } from '@bookswap/shared/schemas';
import { notifyError, notifySuccess } from '@bookswap/shared/ui';
import { loadOnceSucceeded, type IdentityProvider } from './identity-provider';
import { providerCodeOf } from './sign-in-error-text';
import { rememberSignupChoice, takeSignupChoice } from './pending-signup';
import { STARTING, toSessionState, transition, type Session, type SessionEvent } from './session-machine';
import { syncToken } from './token-sync';
import { isSignInUnfinished, noteSignInSettled, noteSignInStarted } from './unfinished-sign-in';

/** Spelled as in product.md §7. */
export const USER_CREATED_MESSAGE = 'user created succrssfully';
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';
export const SIGN_IN_UNAVAILABLE_MESSAGE = 'Sign-in could not be loaded. Check your connection and try again.';

/**
 * A reload cuts the page's requests off, and they fail a few milliseconds later: a failure this soon after the
 * page began to unload is the unload's, not the server's, and is left for the next page load to settle.
 */
const UNLOAD_FAILURE_WINDOW_MS = 3000;

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
 * Trades the provider's ID token for the server's access token. An identity with no user record yet becomes a
 * buyer first (a first Google sign-in, product.md §4), or takes the role it chose at sign-up when its record
 * had to wait (for the email to be verified, or for the page to load again after a reload cut the sign-up off).
 */
async function obtainAccessToken(
  provider: IdentityProvider,
  identity: SignedInIdentity,
  forceRefresh = false,
): Promise<string> {
  const email = emailOf(identity);
  const idToken = await provider.idToken({ forceRefresh });
  try {
    return (await getAccessToken(email, idToken)).accessToken;
  } catch (error) {
    if (isUnverifiedEmail(error)) throw await askToVerifyEmail(provider, error);
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    const chosen = takeSignupChoice(email);
    await createUserRecord(identity, chosen?.role ?? 'buyer', idToken, chosen?.name || undefined);
    return (await getAccessToken(email, idToken)).accessToken;
  }
}

/** The signed-in identity, once the provider has restored what it keeps (a 401 can come before that). */
async function restoredIdentity(provider: IdentityProvider): Promise<SignedInIdentity | null> {
  await provider.restored();
  return provider.current();
}

/**
 * Whether a failed renewal says the person may not go on: the provider or the server refused. A request that did
 * not get through (the connection dropped, the server is down, a navigation cut it off before the page's unload
 * events) proves nothing about the session.
 */
function isRefusal(error: unknown): boolean {
  if (error instanceof ApiError) return error.status !== 0 && error.status < 500;
  return providerCodeOf(error) !== 'network-request-failed';
}

/** Whether `work` succeeded, for clean-up steps whose failure is handled by what comes after them. */
const succeeds = (work: Promise<unknown>): Promise<boolean> =>
  work.then(
    () => true,
    () => false,
  );

export type SessionActions = Pick<AuthContextValue, 'login' | 'signup' | 'googleSignIn' | 'logout'>;

export interface SessionController extends SessionActions {
  /**
   * Asks the identity provider to email a reset link. An address without an account succeeds all the same: the
   * screen must not tell who has an account (issue 22).
   */
  sendPasswordReset(email: string): Promise<void>;
  /** Attaches to the page (other tabs, the API client's 401s, the provider's reports); returns the detach. */
  start(): () => void;
}

/**
 * The shell's session: the machine of session-machine.ts driven by the identity provider, the API server and the
 * person's actions, written to `store` for `useAuth()` and the route guards. The access token is stored only
 * once the provider has kept the identity it belongs to, and removed whenever the session ends, so storage
 * never holds an access token without an identity to restore.
 */
export function createSessionController(
  store: SessionStore,
  connect: () => Promise<IdentityProvider>,
): SessionController {
  let session: Session = STARTING;
  const loadProvider = loadOnceSucceeded(connect);
  let providerRequested = false;
  let attached = false;
  let stopReports: (() => void) | null = null;
  let refreshing: Promise<boolean> | null = null;
  let unloadingSince = Number.NEGATIVE_INFINITY;
  let watchingUnload = false;

  const noteUnload = () => {
    unloadingSince = Date.now();
  };
  const cutOffByUnload = () => Date.now() - unloadingSince < UNLOAD_FAILURE_WINDOW_MS;
  const isCurrent = (ticket: number) => session.ticket === ticket;

  /**
   * Notes the page's unload while work runs that an unload would cut off: a sign-in, a restore, a token refresh.
   * Only then: some browsers keep no back-forward cache of a page listening for beforeunload.
   */
  function watchUnload() {
    const needed = session.status === 'signing-in' || session.status === 'establishing' || refreshing !== null;
    if (needed === watchingUnload) return;
    watchingUnload = needed;
    for (const type of ['beforeunload', 'pagehide'] as const) {
      if (needed) window.addEventListener(type, noteUnload);
      else window.removeEventListener(type, noteUnload);
    }
  }

  function dispatch(event: SessionEvent): Session {
    const previous = session;
    session = transition(session, event);
    if (session === previous) return session;
    store.set(toSessionState(session));
    watchUnload();
    return session;
  }

  /** The identity provider, loaded on first need (and again after a failed load); its reports are followed. */
  async function identityProvider(): Promise<IdentityProvider> {
    providerRequested = true;
    let provider: IdentityProvider;
    try {
      provider = await loadProvider();
    } catch (error) {
      throw new Error(SIGN_IN_UNAVAILABLE_MESSAGE, { cause: error });
    }
    if (attached && !stopReports) stopReports = provider.onChange((identity) => onReport(provider, identity));
    return provider;
  }

  function onReport(provider: IdentityProvider, identity: SignedInIdentity | null) {
    const previous = session;
    const next = dispatch({ type: 'provider-reported', identity });
    if (next === previous) return;
    if (next.status === 'signed-out') {
      // The provider holds no identity, so nothing of the session may stay behind.
      clearAccessToken();
      noteSignInSettled();
    } else if (next.status === 'establishing' && next.identity) {
      void restore(provider, next.identity, next.ticket);
    }
  }

  /** Loads the provider for its report of a stored session (or another tab's sign-in). */
  async function followProvider() {
    try {
      await identityProvider();
    } catch (error) {
      const previous = session;
      // The stored session stays stored: the next page load tries again.
      if (dispatch({ type: 'provider-unavailable' }) !== previous) notifyError(error);
    }
  }

  /** The access token (when missing or after a sign-in), then the role from the user record. */
  async function establish(
    provider: IdentityProvider,
    identity: SignedInIdentity,
    ticket: number,
    afterSignIn: boolean,
  ) {
    if (afterSignIn || !readAccessToken()) {
      const accessToken = await obtainAccessToken(provider, identity);
      // A sign-out or a newer sign-in took over meanwhile: this token belongs to nobody now.
      if (!isCurrent(ticket)) return;
      storeAccessToken(accessToken);
    }
    const record = await getUserByEmail(emailOf(identity));
    const next = dispatch({
      type: 'established',
      ticket,
      identity: provider.current() ?? identity,
      role: record.role,
      verify: record.verify,
    });
    if (next.status !== 'signed-in' || next.ticket !== ticket) return;
    noteSignInSettled();
    // A sign-up's remembered role has done its work once the user record exists.
    takeSignupChoice(emailOf(identity));
    if (afterSignIn) void syncToken('POST', provider);
  }

  /** Half a session (provider yes, server no) would leave guards and API calls disagreeing: undo all of it. */
  async function undo(provider: IdentityProvider | null, ticket: number) {
    if (!isCurrent(ticket)) return;
    if (cutOffByUnload()) {
      // What is stored stays for the next page load, which finishes or undoes it (unfinished-sign-in.ts).
      dispatch({ type: 'failed', ticket });
      return;
    }
    clearAccessToken();
    const signedOutThere = provider?.current() ? await succeeds(provider.signOut()) : true;
    if (!isCurrent(ticket)) return;
    dispatch({ type: 'failed', ticket });
    // An identity the provider could not sign out is settled by the next page load instead.
    if (signedOutThere) noteSignInSettled();
  }

  async function restore(provider: IdentityProvider, identity: SignedInIdentity, ticket: number) {
    try {
      await establish(provider, identity, ticket, false);
    } catch (error) {
      if (!isCurrent(ticket)) return;
      if (!cutOffByUnload()) notifyError(error);
      // An identity without an access token is half a session; one cut off by a reload is left to the next load.
      if (cutOffByUnload() || !readAccessToken()) {
        await undo(provider, ticket);
        return;
      }
      // The stored session stays: only its role could not be read now (the server was not reached).
      dispatch({ type: 'role-unavailable', ticket });
      noteSignInSettled();
    }
  }

  async function signIn(signInAtProvider: (provider: IdentityProvider) => Promise<void>) {
    const { ticket } = dispatch({ type: 'sign-in-started' });
    noteSignInStarted();
    let provider: IdentityProvider | null = null;
    try {
      provider = await identityProvider();
      await signInAtProvider(provider);
      const identity = provider.current();
      if (!identity) throw new Error('Sign-in did not complete. Please try again.');
      dispatch({ type: 'identity-confirmed', ticket, identity });
      await establish(provider, identity, ticket, true);
    } catch (error) {
      await undo(provider, ticket);
      throw error;
    }
  }

  /**
   * A 401's one refresh (product.md §6): concurrent 401s share it; when it is refused the session ends. One that
   * did not get through (or that a reload cut off) leaves the session as it is: the next 401 tries again.
   */
  function refreshAccessToken(): Promise<boolean> {
    if (refreshing) return refreshing;
    refreshing = (async () => {
      try {
        const provider = await identityProvider();
        const identity = await restoredIdentity(provider);
        if (!identity) throw new Error(SESSION_ENDED_MESSAGE);
        storeAccessToken(await obtainAccessToken(provider, identity, true));
        return true;
      } catch (error) {
        if (!cutOffByUnload() && isRefusal(error)) await endSession();
        return false;
      } finally {
        refreshing = null;
        watchUnload();
      }
    })();
    watchUnload();
    return refreshing;
  }

  async function endSession() {
    const previous = session;
    if (dispatch({ type: 'session-ended' }) === previous) return;
    notifyError(new Error(SESSION_ENDED_MESSAGE));
    clearAccessToken();
    try {
      await (await identityProvider()).signOut();
    } catch (error) {
      notifyError(error);
    }
  }

  return {
    start() {
      attached = true;
      const onStorage = (event: StorageEvent) => {
        if (event.key !== ACCESS_TOKEN_KEY || !event.newValue) return;
        const previous = session;
        if (dispatch({ type: 'other-tab-signed-in' }) !== previous) void followProvider();
      };
      window.addEventListener('storage', onStorage);
      setUnauthorizedHandler(refreshAccessToken);
      // Only a page with something to restore needs the identity SDK at start-up; a visitor without gets it when
      // a sign-in begins or another tab signs in, so the home page loads no Firebase.
      if (readAccessToken() !== null || isSignInUnfinished() || providerRequested) void followProvider();
      else dispatch({ type: 'nothing-stored' });
      return () => {
        attached = false;
        stopReports?.();
        stopReports = null;
        window.removeEventListener('storage', onStorage);
        setUnauthorizedHandler(null);
      };
    },

    login: (email, password) => signIn((provider) => provider.signIn(email, password)),

    signup: ({ name, email, password, photoURL, role }: SignupInput) =>
      signIn(async (provider) => {
        // Kept before the account exists: if a reload cuts the sign-up off before the user record is made, the
        // next page load (or sign-in) makes it with this role.
        rememberSignupChoice(email, role, name);
        await provider.signUp({ email, password, name, photoURL: photoURL?.trim() || undefined });
        const identity = provider.current();
        if (!identity) throw new Error('Sign-up did not complete. Please try again.');
        // The chosen role is recorded before the token is asked for, which needs the record. Without a record
        // the new account is removed again, so that signing up once more can record the role.
        try {
          await createUserRecord(identity, role, await provider.idToken(), name);
        } catch (error) {
          // An unverified address keeps its new account (the link makes it usable) and its chosen role.
          if (isUnverifiedEmail(error)) throw await askToVerifyEmail(provider, error);
          if (cutOffByUnload()) throw error;
          if (await succeeds(provider.deleteAccount())) takeSignupChoice(email);
          throw error;
        }
      }),

    googleSignIn: () => signIn((provider) => provider.googleSignIn()),

    async sendPasswordReset(email) {
      const provider = await identityProvider();
      try {
        await provider.sendPasswordReset(email);
      } catch (error) {
        if (providerCodeOf(error) !== 'user-not-found') throw error;
      }
    },

    async logout() {
      const { ticket } = dispatch({ type: 'sign-out-started' });
      try {
        // The server refuses this session's tokens from now on; offline, signing out here still goes ahead.
        const accessToken = readAccessToken();
        if (accessToken) await endServerSession(accessToken).catch(() => undefined);
        const provider = await identityProvider();
        if (await restoredIdentity(provider)) {
          await syncToken('DELETE', provider);
          await provider.signOut();
        }
        noteSignInSettled();
      } finally {
        clearAccessToken();
        dispatch({ type: 'sign-out-finished', ticket });
      }
    },
  };
}
