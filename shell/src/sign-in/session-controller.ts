import {
  ACCESS_TOKEN_KEY,
  clearAccessToken,
  endServerSession,
  getUserByEmail,
  messageOf,
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
import { notifyError } from '@bookswap/shared/ui';
import { loadOnceSucceeded, type IdentityProvider } from './identity-provider';
import { providerCodeOf } from './provider-code';
import { rememberSignupChoice, takeSignupChoice } from './pending-signup';
import {
  askToVerifyEmail,
  createUserRecord,
  emailOf,
  isRefusal,
  isUnverifiedEmail,
  obtainAccessToken,
} from './server-sign-in';
import {
  STARTING_PAGE,
  step,
  toSessionState,
  unloadCutsOff,
  type PageEvent,
  type PageSession,
  type Session,
  type SessionEvent,
} from './session-machine';
import { syncToken } from './token-sync';
import { isSignInUnfinished, noteSignInSettled, noteSignInStarted } from './unfinished-sign-in';

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';
export const SIGN_IN_UNAVAILABLE_MESSAGE = 'Sign-in could not be loaded. Check your connection and try again.';
export const SIGN_OUT_EVERYWHERE_FAILED_MESSAGE =
  'Could not log out of all devices, so you are still signed in everywhere. Try again.';

/** The signed-in identity, once the provider has restored what it keeps (a 401 can come before that). */
async function restoredIdentity(provider: IdentityProvider): Promise<SignedInIdentity | null> {
  await provider.restored();
  return provider.current();
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
   * screen must not tell anyone who has an account.
   */
  sendPasswordReset(email: string): Promise<void>;
  /**
   * Ends every session of this person, on every device, then signs out here. When the server cannot confirm it,
   * nothing is signed out and the error says so.
   */
  logoutEverywhere(): Promise<void>;
  /** Attaches to the page (other tabs, the API client's 401s, the provider's reports); returns the detach. */
  start(): () => void;
}

/**
 * The shell's session: the machine of session-machine.ts driven by the identity provider, the API server and the
 * person's actions, written to `store` for `useAuth()` and the route guards. The access token is stored only
 * once the provider has kept the identity it belongs to, and removed whenever the session ends, so storage
 * never holds an access token without an identity to restore. Everything this controller decides from is the
 * machine's one `PageSession`; what it holds beside it are the provider and the page's events.
 */
export function createSessionController(
  store: SessionStore,
  connect: () => Promise<IdentityProvider>,
): SessionController {
  let page: PageSession = STARTING_PAGE;
  /** Set once, by the promise below: it settles with the first provider that loads. */
  let providerArrived!: (provider: IdentityProvider) => void;
  /** The identity provider once it has loaded; each attachment to the page follows its reports from then on. */
  const providerLoaded = new Promise<IdentityProvider>((resolve) => (providerArrived = resolve));
  const loadProvider = loadOnceSucceeded(async () => {
    const provider = await connect();
    providerArrived(provider);
    return provider;
  });

  const isCurrent = (ticket: number) => page.session.ticket === ticket;
  const cutOffByUnload = () => page.unloading;

  const onUnloading = () => dispatch({ type: 'page-unloading' });
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) dispatch({ type: 'page-restored' });
  };

  /**
   * Listens for the page's unload while work runs that an unload would cut off, and only then: some browsers keep
   * no back-forward cache of a page listening for beforeunload. Adding a listener that is there already, or
   * removing one that is not, changes nothing, so no note is kept of which are added.
   */
  function listenForUnload(listen: boolean) {
    if (listen) {
      window.addEventListener('beforeunload', onUnloading);
      window.addEventListener('pagehide', onUnloading);
      window.addEventListener('pageshow', onPageShow);
    } else {
      window.removeEventListener('beforeunload', onUnloading);
      window.removeEventListener('pagehide', onUnloading);
      window.removeEventListener('pageshow', onPageShow);
    }
  }

  /** Steps the machine; gives back the session after the event (the same object when nothing changed). */
  function dispatch(event: SessionEvent | PageEvent): Session {
    const previous = page;
    page = step(page, event);
    if (page === previous) return page.session;
    if (page.session !== previous.session) store.set(toSessionState(page.session));
    listenForUnload(unloadCutsOff(page));
    return page.session;
  }

  /** The identity provider, loaded on first need (and again after a failed load). */
  async function identityProvider(): Promise<IdentityProvider> {
    try {
      return await loadProvider();
    } catch (error) {
      throw new Error(SIGN_IN_UNAVAILABLE_MESSAGE, { cause: error });
    }
  }

  function onReport(provider: IdentityProvider, identity: SignedInIdentity | null) {
    const previous = page.session;
    const next = dispatch({ type: 'provider-reported', identity });
    if (next === previous) return;
    if (next.status === 'signed-out') {
      // A stored session whose sign-in the provider no longer holds (revoked by "Log out of all devices" elsewhere,
      // or the account deleted) ends as a refused renewal does: the person is told, not silently signed out.
      if (previous.status === 'establishing' && previous.origin === 'restore' && readAccessToken() !== null)
        notifyError(new Error(SESSION_ENDED_MESSAGE));
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
      const previous = page.session;
      // The stored session stays stored: the next page load tries again.
      if (dispatch({ type: 'provider-unavailable' }) !== previous) notifyError(error);
    }
  }

  /** Another tab stored an access token: this one takes over that session. */
  function onStorage(event: StorageEvent) {
    if (event.key !== ACCESS_TOKEN_KEY || !event.newValue) return;
    const previous = page.session;
    if (dispatch({ type: 'other-tab-signed-in' }) !== previous) void followProvider();
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
   * A 401's one renewal (product.md §6): concurrent 401s share it; when it is refused the session ends. One that
   * did not get through (or that a reload cut off) leaves the session as it is: the next 401 tries again.
   */
  function renewAccessToken(): Promise<boolean> {
    if (page.renewal) return page.renewal;
    const renewal = renew();
    dispatch({ type: 'renewal-started', renewal });
    return renewal;
  }

  async function renew(): Promise<boolean> {
    try {
      // Awaited before anything else, so the renewal is in the machine (renewal-started) before it can finish.
      const provider = await identityProvider();
      const identity = await restoredIdentity(provider);
      if (!identity) throw new Error(SESSION_ENDED_MESSAGE);
      storeAccessToken(await obtainAccessToken(provider, identity, true));
      return true;
    } catch (error) {
      if (!cutOffByUnload() && isRefusal(error)) await endSession();
      return false;
    } finally {
      dispatch({ type: 'renewal-finished' });
    }
  }

  async function endSession() {
    const previous = page.session;
    if (dispatch({ type: 'session-ended' }) === previous) return;
    notifyError(new Error(SESSION_ENDED_MESSAGE));
    clearAccessToken();
    try {
      await (await identityProvider()).signOut();
    } catch (error) {
      notifyError(error);
    }
  }

  /**
   * Signs out on this page, after ending the session on the server for `devices` (null: already ended there).
   * Offline, signing out here still goes ahead.
   */
  async function signOutHere(devices: 'this' | null) {
    const { ticket } = dispatch({ type: 'sign-out-started' });
    try {
      const accessToken = readAccessToken();
      if (accessToken && devices) await endServerSession(accessToken, devices).catch(() => undefined);
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
  }

  return {
    start() {
      // This attachment's own: a detach (an unmount, React's development double effects) ends what it began.
      let detached = false;
      let stopReports = () => {};
      window.addEventListener('storage', onStorage);
      setUnauthorizedHandler(renewAccessToken);
      void providerLoaded.then((provider) => {
        if (!detached) stopReports = provider.onChange((identity) => onReport(provider, identity));
      });
      // Only a page with something to restore needs the identity SDK at start-up; a visitor without gets it when
      // a sign-in begins or another tab signs in, so the home page loads no Firebase (decision 012).
      if (readAccessToken() !== null || isSignInUnfinished()) void followProvider();
      else dispatch({ type: 'nothing-stored' });
      return () => {
        detached = true;
        stopReports();
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

    logout: () => signOutHere('this'),

    async logoutEverywhere() {
      const accessToken = readAccessToken();
      try {
        if (!accessToken) throw new Error(SESSION_ENDED_MESSAGE);
        await endServerSession(accessToken, 'all');
      } catch (error) {
        throw new Error(`${SIGN_OUT_EVERYWHERE_FAILED_MESSAGE} (${messageOf(error)})`, { cause: error });
      }
      await signOutHere(null);
    },
  };
}
