import { SIGNED_OUT, type Role, type SessionState, type SignedInIdentity } from '@bookswap/contract/auth';

/**
 * The session as one state machine. Every change of the session goes through `transition` (and, with what the page
 * knows beside it, through `step` below), so which report or answer may change it, and when, is written down here
 * once: the session controller keeps no other state about the session.
 *
 * Each piece of work that decides the session (a sign-in, a restore, a sign-out) gets a ticket when it begins;
 * its answer carries the ticket and is ignored once newer work has taken over, so a late answer never
 * overwrites a newer state.
 */
export type Session =
  | { status: 'signed-out'; ticket: number }
  /** One of the person's sign-in actions runs at the identity provider; the provider's reports wait. */
  | { status: 'signing-in'; ticket: number }
  /**
   * The access token and the role are being fetched for `identity`: after a sign-in, or when restoring a stored
   * session (`identity` is null until the provider has reported who is signed in).
   */
  | {
      status: 'establishing';
      ticket: number;
      identity: SignedInIdentity | null;
      origin: 'sign-in' | 'restore';
    }
  /** `role` is null only when a restored session's role could not be read (the server was not reached). */
  | { status: 'signed-in'; ticket: number; identity: SignedInIdentity; role: Role | null; verify: boolean }
  | { status: 'signing-out'; ticket: number; identity: SignedInIdentity | null };

export type SessionEvent =
  /** At start-up nothing is stored that could hold a session: no access token, no unfinished sign-in. */
  | { type: 'nothing-stored' }
  /** Another tab stored an access token: this one restores that session. */
  | { type: 'other-tab-signed-in' }
  /** The identity provider's own report: the restored session, or a sign-in or sign-out in another tab. */
  | { type: 'provider-reported'; identity: SignedInIdentity | null }
  /** The identity provider could not be loaded, so a stored session cannot be restored on this page. */
  | { type: 'provider-unavailable' }
  | { type: 'sign-in-started' }
  /** The provider has signed the person in (and kept the identity); the server's part comes next. */
  | { type: 'identity-confirmed'; ticket: number; identity: SignedInIdentity }
  | { type: 'established'; ticket: number; identity: SignedInIdentity; role: Role; verify: boolean }
  /** A restored session keeps its stored access token, but its role could not be read. */
  | { type: 'role-unavailable'; ticket: number }
  /** The sign-in or the restore failed and was undone. */
  | { type: 'failed'; ticket: number }
  | { type: 'sign-out-started' }
  | { type: 'sign-out-finished'; ticket: number }
  /** No fresh access token could be had after a 401 (product.md §6). */
  | { type: 'session-ended' };

/** Before anything is known: restoring whatever the browser may have stored. */
export const STARTING: Session = { status: 'establishing', ticket: 0, identity: null, origin: 'restore' };

const signedOut = (session: Session): Session => ({ status: 'signed-out', ticket: session.ticket });

/** Work that started from a user's action owns the session until it ends: the provider's reports wait. */
function actionRuns(session: Session): boolean {
  return (
    session.status === 'signing-in' ||
    session.status === 'signing-out' ||
    (session.status === 'establishing' && session.origin === 'sign-in')
  );
}

function onProviderReport(session: Session, identity: SignedInIdentity | null): Session {
  if (actionRuns(session)) return session;
  if (!identity) return session.status === 'signed-out' ? session : signedOut(session);
  const known = session.status === 'signed-in' || session.status === 'establishing' ? session.identity : null;
  if (known?.uid === identity.uid) return session;
  return { status: 'establishing', ticket: session.ticket + 1, identity, origin: 'restore' };
}

/** The next session after `event`; the same object when the event changes nothing in this state. */
export function transition(session: Session, event: SessionEvent): Session {
  const current = 'ticket' in event && event.ticket === session.ticket;
  switch (event.type) {
    case 'nothing-stored':
    case 'provider-unavailable':
      return session.status === 'establishing' && session.origin === 'restore' && !session.identity
        ? signedOut(session)
        : session;
    case 'other-tab-signed-in':
      return session.status === 'signed-out'
        ? { status: 'establishing', ticket: session.ticket + 1, identity: null, origin: 'restore' }
        : session;
    case 'provider-reported':
      return onProviderReport(session, event.identity);
    case 'sign-in-started':
      // A newer sign-in takes over from whatever ran before it.
      return { status: 'signing-in', ticket: session.ticket + 1 };
    case 'identity-confirmed':
      return session.status === 'signing-in' && current
        ? { status: 'establishing', ticket: session.ticket, identity: event.identity, origin: 'sign-in' }
        : session;
    case 'established':
      return session.status === 'establishing' && current
        ? {
            status: 'signed-in',
            ticket: session.ticket,
            identity: event.identity,
            role: event.role,
            verify: event.verify,
          }
        : session;
    case 'role-unavailable':
      return session.status === 'establishing' && session.origin === 'restore' && session.identity && current
        ? { status: 'signed-in', ticket: session.ticket, identity: session.identity, role: null, verify: false }
        : session;
    case 'failed':
      return (session.status === 'signing-in' || session.status === 'establishing') && current
        ? signedOut(session)
        : session;
    case 'sign-out-started':
      return {
        status: 'signing-out',
        ticket: session.ticket + 1,
        identity: session.status === 'signed-in' || session.status === 'establishing' ? session.identity : null,
      };
    case 'sign-out-finished':
      return session.status === 'signing-out' && current ? signedOut(session) : session;
    case 'session-ended':
      // A sign-in in progress gets its own answer from the server; only a session already in use ends here.
      return session.status === 'signed-in' || (session.status === 'establishing' && session.origin === 'restore')
        ? signedOut(session)
        : session;
  }
}

/**
 * The session on this page: who is signed in, the token renewal running after a 401, and whether the page began to
 * unload while work ran that the unload cuts off. The session controller's one state.
 */
export interface PageSession {
  session: Session;
  /** A 401's renewal of the access token (product.md §6): the 401s that come while it runs share it. */
  renewal: Promise<boolean> | null;
  /**
   * The page began to unload (beforeunload or pagehide) while a sign-in, a restore or a renewal ran. A reload cuts
   * that work's requests off and they fail moments later, before the page goes: such a failure is the unload's,
   * not the server's, and what is stored stays for the next page load to settle (unfinished-sign-in.ts). True
   * until that work is over, or until the page comes back from the back-forward cache, so no clock is needed.
   */
  unloading: boolean;
}

export type PageEvent =
  | { type: 'renewal-started'; renewal: Promise<boolean> }
  | { type: 'renewal-finished' }
  /** beforeunload or pagehide: a reload, or a navigation away from the app, has begun. */
  | { type: 'page-unloading' }
  /** pageshow from the back-forward cache: the page that began to unload is in use again. */
  | { type: 'page-restored' };

export const STARTING_PAGE: PageSession = { session: STARTING, renewal: null, unloading: false };

/**
 * Whether work runs that a reload would cut off: a sign-in, a restore, a renewal. The page listens for its unload
 * only then (some browsers keep no back-forward cache of a page listening for beforeunload).
 */
export function unloadCutsOff(page: PageSession): boolean {
  const { status } = page.session;
  return status === 'signing-in' || status === 'establishing' || page.renewal !== null;
}

/** An unload noted during work that has ended since says nothing about the work that comes next. */
const forgetEndedUnload = (page: PageSession): PageSession =>
  page.unloading && !unloadCutsOff(page) ? { ...page, unloading: false } : page;

/** The next page session after `event`; the same object when the event changes nothing. */
export function step(page: PageSession, event: SessionEvent | PageEvent): PageSession {
  switch (event.type) {
    case 'renewal-started':
      // A renewal already running is shared, not replaced.
      return page.renewal ? page : { ...page, renewal: event.renewal };
    case 'renewal-finished':
      return page.renewal ? forgetEndedUnload({ ...page, renewal: null }) : page;
    case 'page-unloading':
      return !page.unloading && unloadCutsOff(page) ? { ...page, unloading: true } : page;
    case 'page-restored':
      return page.unloading ? { ...page, unloading: false } : page;
    default: {
      const session = transition(page.session, event);
      return session === page.session ? page : forgetEndedUnload({ ...page, session });
    }
  }
}

/** What `useAuth()` and the route guards see of the session. */
export function toSessionState(session: Session): SessionState {
  switch (session.status) {
    case 'signed-out':
      return SIGNED_OUT;
    case 'signing-in':
      return { user: null, role: null, verify: false, loading: true };
    case 'establishing':
    case 'signing-out':
      return { user: session.identity, role: null, verify: false, loading: true };
    case 'signed-in':
      return { user: session.identity, role: session.role, verify: session.verify, loading: false };
  }
}
