const KEY = 'bookswap.unfinishedSignIn';

/**
 * A page can be reloaded in the middle of a sign-in, after the identity provider has kept the new
 * identity but before the access token is stored. This note tells the next page load to load the identity
 * provider anyway and settle that identity one way or the other: finish the sign-in, or sign it out.
 */
export function noteSignInStarted(): void {
  try {
    localStorage.setItem(KEY, String(Date.now()));
  } catch {
    // Without storage the sign-in still works; only a reload in its middle cannot be finished.
  }
}

/** The sign-in ended: signed in with a stored access token, or signed out at the identity provider too. */
export function noteSignInSettled(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing was noted either.
  }
}

export function isSignInUnfinished(): boolean {
  try {
    return localStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
}
