import { SIGNED_OUT, type SignedInIdentity } from '@bookswap/contract/auth';
import {
  STARTING,
  STARTING_PAGE,
  step,
  toSessionState,
  transition,
  unloadCutsOff,
  type PageSession,
  type Session,
  type SessionEvent,
} from './session-machine';

const bea: SignedInIdentity = { uid: 'bea', displayName: 'Bea', photoURL: null, email: 'bea@bookswap.test' };
const sam: SignedInIdentity = { uid: 'sam', displayName: 'Sam', photoURL: null, email: 'sam@bookswap.test' };

const signedOut: Session = { status: 'signed-out', ticket: 4 };
const signingIn: Session = { status: 'signing-in', ticket: 4 };
const waitingForReport: Session = { status: 'establishing', ticket: 4, identity: null, origin: 'restore' };
const restoring: Session = { status: 'establishing', ticket: 4, identity: bea, origin: 'restore' };
const finishingSignIn: Session = { status: 'establishing', ticket: 4, identity: bea, origin: 'sign-in' };
const signedIn: Session = { status: 'signed-in', ticket: 4, identity: bea, role: 'buyer', verify: false };
const signingOut: Session = { status: 'signing-out', ticket: 4, identity: bea };

const ALL: Record<string, Session> = {
  'signed out': signedOut,
  'signing in': signingIn,
  'waiting for the provider': waitingForReport,
  restoring: restoring,
  'finishing a sign-in': finishingSignIn,
  'signed in': signedIn,
  'signing out': signingOut,
};

/** Each case: the state before, the event, the state after (`unchanged`: the very same object). */
type Case = [from: string, event: SessionEvent, to: Session | 'unchanged'];

const established = { type: 'established', ticket: 4, identity: bea, role: 'seller', verify: true } as const;

const cases: Case[] = [
  // Start-up and other tabs.
  ['waiting for the provider', { type: 'nothing-stored' }, signedOut],
  ['restoring', { type: 'nothing-stored' }, 'unchanged'],
  ['signed out', { type: 'nothing-stored' }, 'unchanged'],
  ['waiting for the provider', { type: 'provider-unavailable' }, signedOut],
  ['restoring', { type: 'provider-unavailable' }, 'unchanged'],
  ['signing in', { type: 'provider-unavailable' }, 'unchanged'],
  ['signed out', { type: 'other-tab-signed-in' }, { ...waitingForReport, ticket: 5 }],
  ['signed in', { type: 'other-tab-signed-in' }, 'unchanged'],
  ['signing in', { type: 'other-tab-signed-in' }, 'unchanged'],

  // The provider's reports.
  ['waiting for the provider', { type: 'provider-reported', identity: bea }, { ...restoring, ticket: 5 }],
  ['waiting for the provider', { type: 'provider-reported', identity: null }, signedOut],
  ['restoring', { type: 'provider-reported', identity: bea }, 'unchanged'],
  ['restoring', { type: 'provider-reported', identity: sam }, { ...restoring, ticket: 5, identity: sam }],
  ['restoring', { type: 'provider-reported', identity: null }, signedOut],
  ['signed out', { type: 'provider-reported', identity: bea }, { ...restoring, ticket: 5 }],
  ['signed out', { type: 'provider-reported', identity: null }, 'unchanged'],
  ['signed in', { type: 'provider-reported', identity: bea }, 'unchanged'],
  ['signed in', { type: 'provider-reported', identity: sam }, { ...restoring, ticket: 5, identity: sam }],
  ['signed in', { type: 'provider-reported', identity: null }, signedOut],
  ['signing in', { type: 'provider-reported', identity: bea }, 'unchanged'],
  ['signing in', { type: 'provider-reported', identity: null }, 'unchanged'],
  ['finishing a sign-in', { type: 'provider-reported', identity: null }, 'unchanged'],
  ['finishing a sign-in', { type: 'provider-reported', identity: sam }, 'unchanged'],
  ['signing out', { type: 'provider-reported', identity: null }, 'unchanged'],
  ['signing out', { type: 'provider-reported', identity: sam }, 'unchanged'],

  // Signing in.
  ...Object.keys(ALL).map((from): Case => [from, { type: 'sign-in-started' }, { ...signingIn, ticket: 5 }]),
  ['signing in', { type: 'identity-confirmed', ticket: 4, identity: bea }, finishingSignIn],
  ['signing in', { type: 'identity-confirmed', ticket: 3, identity: bea }, 'unchanged'],
  ['signed out', { type: 'identity-confirmed', ticket: 4, identity: bea }, 'unchanged'],
  ['finishing a sign-in', established, { ...signedIn, role: 'seller', verify: true }],
  ['restoring', established, { ...signedIn, role: 'seller', verify: true }],
  ['finishing a sign-in', { ...established, ticket: 3 }, 'unchanged'],
  ['signing out', established, 'unchanged'],
  ['signed out', established, 'unchanged'],
  ['signing in', { type: 'failed', ticket: 4 }, signedOut],
  ['finishing a sign-in', { type: 'failed', ticket: 4 }, signedOut],
  ['restoring', { type: 'failed', ticket: 4 }, signedOut],
  ['finishing a sign-in', { type: 'failed', ticket: 3 }, 'unchanged'],
  ['signed in', { type: 'failed', ticket: 4 }, 'unchanged'],
  ['signing out', { type: 'failed', ticket: 4 }, 'unchanged'],
  ['restoring', { type: 'role-unavailable', ticket: 4 }, { ...signedIn, role: null }],
  ['restoring', { type: 'role-unavailable', ticket: 3 }, 'unchanged'],
  ['finishing a sign-in', { type: 'role-unavailable', ticket: 4 }, 'unchanged'],
  ['waiting for the provider', { type: 'role-unavailable', ticket: 4 }, 'unchanged'],

  // Signing out, and a session that ends after a 401.
  ['signed in', { type: 'sign-out-started' }, { ...signingOut, ticket: 5 }],
  ['restoring', { type: 'sign-out-started' }, { ...signingOut, ticket: 5 }],
  ['signed out', { type: 'sign-out-started' }, { ...signingOut, ticket: 5, identity: null }],
  ['signing in', { type: 'sign-out-started' }, { ...signingOut, ticket: 5, identity: null }],
  ['signing out', { type: 'sign-out-finished', ticket: 4 }, signedOut],
  ['signing out', { type: 'sign-out-finished', ticket: 3 }, 'unchanged'],
  ['signing in', { type: 'sign-out-finished', ticket: 4 }, 'unchanged'],
  ['signed in', { type: 'session-ended' }, signedOut],
  ['restoring', { type: 'session-ended' }, signedOut],
  ['waiting for the provider', { type: 'session-ended' }, signedOut],
  ['signing in', { type: 'session-ended' }, 'unchanged'],
  ['finishing a sign-in', { type: 'session-ended' }, 'unchanged'],
  ['signing out', { type: 'session-ended' }, 'unchanged'],
  ['signed out', { type: 'session-ended' }, 'unchanged'],
];

describe('the session machine', () => {
  it.each(cases)('%s, on %j, becomes the expected state', (from, event, to) => {
    const before = ALL[from]!;
    const after = transition(before, event);
    if (to === 'unchanged') expect(after).toBe(before);
    else expect(after).toEqual(to);
  });

  it('starts by waiting for what the browser may have stored', () => {
    expect(STARTING).toMatchObject({ status: 'establishing', identity: null, origin: 'restore' });
    expect(toSessionState(STARTING)).toEqual({ ...SIGNED_OUT, loading: true });
  });

  it('a sign-in followed to its end: started, confirmed by the provider, established', () => {
    let session = transition(signedOut, { type: 'sign-in-started' });
    const { ticket } = session;
    session = transition(session, { type: 'provider-reported', identity: bea });
    session = transition(session, { type: 'identity-confirmed', ticket, identity: bea });
    session = transition(session, { type: 'provider-reported', identity: null });
    session = transition(session, { ...established, ticket });
    expect(session).toEqual({ status: 'signed-in', ticket, identity: bea, role: 'seller', verify: true });
  });

  it("an older sign-in's answer cannot overwrite the newer sign-in that took over", () => {
    const first = transition(signedOut, { type: 'sign-in-started' });
    const second = transition(first, { type: 'sign-in-started' });
    expect(transition(second, { type: 'identity-confirmed', ticket: first.ticket, identity: sam })).toBe(second);
    expect(transition(second, { type: 'failed', ticket: first.ticket })).toBe(second);
  });

  it('shows guards and remotes a loading state while anything is being decided', () => {
    expect(toSessionState(signedOut)).toBe(SIGNED_OUT);
    expect(toSessionState(signingIn)).toEqual({ user: null, role: null, verify: false, loading: true });
    expect(toSessionState(restoring)).toEqual({ user: bea, role: null, verify: false, loading: true });
    expect(toSessionState(finishingSignIn)).toEqual({ user: bea, role: null, verify: false, loading: true });
    expect(toSessionState(signingOut)).toEqual({ user: bea, role: null, verify: false, loading: true });
    expect(toSessionState(signedIn)).toEqual({ user: bea, role: 'buyer', verify: false, loading: false });
  });
});

describe('the page around the session', () => {
  const renewal = Promise.resolve(true);
  const onPage = (session: Session, more: Partial<PageSession> = {}): PageSession => ({
    session,
    renewal: null,
    unloading: false,
    ...more,
  });
  const unloading = { type: 'page-unloading' } as const;

  it('starts with the session starting, no renewal and no unload', () => {
    expect(STARTING_PAGE).toEqual({ session: STARTING, renewal: null, unloading: false });
  });

  it('keeps the first renewal for the 401s that come while it runs, and forgets it when it finishes', () => {
    const renewing = step(onPage(signedIn), { type: 'renewal-started', renewal });
    expect(renewing.renewal).toBe(renewal);
    expect(step(renewing, { type: 'renewal-started', renewal: Promise.resolve(false) })).toBe(renewing);
    expect(step(renewing, { type: 'renewal-finished' })).toEqual(onPage(signedIn));
    expect(step(onPage(signedIn), { type: 'renewal-finished' })).toEqual(onPage(signedIn));
  });

  it.each([
    ['signing in', onPage(signingIn)],
    ['waiting for the provider', onPage(waitingForReport)],
    ['restoring', onPage(restoring)],
    ['finishing a sign-in', onPage(finishingSignIn)],
    ['renewing while signed in', onPage(signedIn, { renewal })],
  ])('notes an unload that begins while %s: that work was cut off', (_, before) => {
    expect(step(before, unloading)).toEqual({ ...before, unloading: true });
  });

  it.each([
    ['signed out', signedOut],
    ['signed in', signedIn],
    ['signing out', signingOut],
  ])('ignores an unload that begins while %s: no work runs that it cuts off', (_, session) => {
    const before = onPage(session);
    expect(step(before, unloading)).toBe(before);
  });

  it('forgets the unload once the work it cut off has ended', () => {
    const cutOff = step(onPage(finishingSignIn), unloading);
    expect(step(cutOff, { type: 'failed', ticket: 4 })).toEqual(onPage(signedOut));
    expect(step(cutOff, { ...established, ticket: 4 }).unloading).toBe(false);
    const cutOffRenewal = step(onPage(signedIn, { renewal }), unloading);
    expect(step(cutOffRenewal, { type: 'renewal-finished' })).toEqual(onPage(signedIn));
  });

  it('remembers the unload while other work still runs', () => {
    const both = step(onPage(restoring, { renewal }), unloading);
    expect(step(both, { type: 'renewal-finished' })).toEqual(onPage(restoring, { unloading: true }));
    expect(step(both, { type: 'provider-reported', identity: sam }).unloading).toBe(true);
  });

  it('forgets the unload when the page comes back from the back-forward cache', () => {
    const cutOff = step(onPage(signingIn), unloading);
    expect(step(cutOff, { type: 'page-restored' })).toEqual(onPage(signingIn));
    expect(step(onPage(signingIn), { type: 'page-restored' })).toEqual(onPage(signingIn));
  });

  it('passes session events to the session machine, keeping the same object when nothing changes', () => {
    const before = onPage(signedIn, { renewal });
    expect(step(before, { type: 'session-ended' })).toEqual({ ...before, session: signedOut });
    expect(step(before, { type: 'other-tab-signed-in' })).toBe(before);
  });

  it('listens for the unload only while a sign-in, a restore or a renewal runs', () => {
    expect(unloadCutsOff(onPage(signingIn))).toBe(true);
    expect(unloadCutsOff(onPage(restoring))).toBe(true);
    expect(unloadCutsOff(onPage(signedIn, { renewal }))).toBe(true);
    expect(unloadCutsOff(onPage(signedIn))).toBe(false);
    expect(unloadCutsOff(onPage(signedOut))).toBe(false);
    expect(unloadCutsOff(onPage(signingOut))).toBe(false);
  });
});
