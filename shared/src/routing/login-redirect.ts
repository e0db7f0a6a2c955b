import type { Location } from 'react-router-dom';
import { ROUTES } from './paths';

/** The shell's sign-in screen: guards and remotes send signed-out users here. */
export const LOGIN_PATH = ROUTES.login.path;

/**
 * The location state every sender puts on /login, so sign-in can bring the user back (product.md §2): the
 * shell's guards and a remote's "sign in first" actions alike.
 */
export interface LoginRedirectState {
  from: Location;
}

export function loginRedirectState(from: Location): LoginRedirectState {
  return { from };
}
