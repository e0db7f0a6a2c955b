import type { Location } from 'react-router-dom';
import { ROUTES } from './paths';

/** The shell's sign-in screen: guards and remotes send signed-out users here. */
export const LOGIN_PATH = ROUTES.login.path;

/** What a signed-out visitor was about to do when an action sent them to sign in. */
export type LoginReason = 'book' | 'report';

/** The sentence the login screen shows above its form for each reason. */
export const LOGIN_REASON_TEXT: Record<LoginReason, string> = {
  book: 'Sign in to book this book',
  report: 'Sign in to report this book',
};

/** The query parameter a return path carries so the screen reopens the action after sign-in. */
export const RESUME_ACTION_PARAM = 'resume';

/**
 * The location state every sender puts on /login, so sign-in can bring the user back (product.md §2): the
 * shell's guards and a remote's "sign in first" actions alike. An action adds its reason; `from` then
 * carries `?resume=<reason>` so the screen can reopen what the visitor pressed.
 */
export interface LoginRedirectState {
  from: Location;
  reason?: LoginReason;
}

export function loginRedirectState(from: Location, reason?: LoginReason): LoginRedirectState {
  if (!reason) return { from };
  const search = new URLSearchParams(from.search);
  search.set(RESUME_ACTION_PARAM, reason);
  return { from: { ...from, search: `?${search.toString()}` }, reason };
}

/** Whether a value read from a URL or a navigation state is a known reason. */
export function isLoginReason(value: unknown): value is LoginReason {
  return typeof value === 'string' && Object.hasOwn(LOGIN_REASON_TEXT, value);
}

/** The reason a login screen was opened for, when its state names a known one. */
export function loginReasonOf(state: unknown): LoginReason | undefined {
  const reason = state && typeof state === 'object' && 'reason' in state ? state.reason : undefined;
  return isLoginReason(reason) ? reason : undefined;
}

/** A page that needs a sign-in, opened by a signed-out visitor from a link that knows it. */
export type SignInPage = 'details';

/** The sentence the login screen shows above its form for such a page, as it does for an action's reason. */
export const SIGN_IN_PAGE_TEXT: Record<SignInPage, string> = {
  details: 'Sign in to see this book’s details and how to reach the seller',
};

export interface PageRedirectState extends LoginRedirectState {
  page: SignInPage;
}

/** The state a link to such a page puts on /login instead: back to the page after sign-in, nothing to reopen. */
export function pageRedirectState(from: Location, page: SignInPage): PageRedirectState {
  return { from, page };
}

/** The page a login screen was opened for, when its state names a known one. */
export function signInPageOf(state: unknown): SignInPage | undefined {
  const page = state && typeof state === 'object' && 'page' in state ? state.page : undefined;
  return typeof page === 'string' && Object.hasOwn(SIGN_IN_PAGE_TEXT, page) ? (page as SignInPage) : undefined;
}

// /login's query parameters: the same as its state, for a link followed before any script runs (or without one).
const FROM_PARAM = 'from';
const REASON_PARAM = 'reason';
const PAGE_PARAM = 'page';

/**
 * The address of /login carrying what `state` carries (the origin with its `?resume=`, the reason or the page), for
 * a real link: a tap before the page's scripts run, or with none, still signs in and comes back to resume.
 */
export function loginHref(state: LoginRedirectState | PageRedirectState): string {
  // Not the hash: the server that draws the link never sees it, and the browser's first render must draw the same.
  const { pathname, search } = state.from;
  const params = new URLSearchParams({ [FROM_PARAM]: `${pathname}${search}` });
  if (state.reason) params.set(REASON_PARAM, state.reason);
  if ('page' in state) params.set(PAGE_PARAM, state.page);
  return `${LOGIN_PATH}?${params.toString()}`;
}

/**
 * The state a login screen was opened with: its navigation state when a script sent the visitor, else what its
 * address carries (`loginHref`), else none. Its `from` is a path, as the guards' may be.
 */
export function loginStateOf(location: { state: unknown; search: string }): unknown {
  const { state } = location;
  if (state && typeof state === 'object' && 'from' in state) return state;
  const params = new URLSearchParams(location.search);
  const from = params.get(FROM_PARAM);
  if (from === null) return state;
  const reason = params.get(REASON_PARAM);
  const page = params.get(PAGE_PARAM);
  return {
    from,
    ...(isLoginReason(reason) ? { reason } : {}),
    ...(page !== null && Object.hasOwn(SIGN_IN_PAGE_TEXT, page) ? { page } : {}),
  };
}
