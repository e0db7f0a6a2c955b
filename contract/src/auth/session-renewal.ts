/**
 * What a protected call does when the API answers 401: the shell installs the handler that trades for a fresh
 * access token (true: send the call again) or signs the person out (false). It lives in the contract because every
 * copy of the API client (a remote may bundle its own major of `@bookswap/shared`) must reach the shell's one.
 */
export type UnauthorizedHandler = () => Promise<boolean>;

let onUnauthorized: UnauthorizedHandler | null = null;

export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler;
}

/** Asks the shell to renew the session after a 401; false when no shell is listening or the renewal failed. */
export function renewAfterUnauthorized(): Promise<boolean> {
  return onUnauthorized ? onUnauthorized() : Promise.resolve(false);
}
