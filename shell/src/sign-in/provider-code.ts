// The provider's error code, apart from the texts people read (sign-in-error-text.ts): the session controller, in the
// first screen's script, needs only the code, and webpack keeps every export of a module that any chunk uses.

/** The provider's code ("wrong-password"): on its error object, or inside its message "Firebase: Error (auth/…)". */
export function providerCodeOf(error: unknown): string | undefined {
  const code = error && typeof error === 'object' && 'code' in error ? error.code : undefined;
  if (typeof code === 'string' && code.startsWith('auth/')) return code.slice('auth/'.length);
  const inMessage = error instanceof Error ? /\(auth\/([a-z0-9-]+)\)/.exec(error.message) : null;
  return inMessage?.[1];
}
