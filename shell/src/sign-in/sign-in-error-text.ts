import { messageOf } from '@bookswap/shared/api';
import { providerCodeOf } from './provider-code';

/**
 * product.md §8: a failed sign-in shows the identity provider's message, never its error names. What people read
 * for each of the provider's codes ("Firebase: Error (auth/wrong-password)" tells them nothing).
 */
export const WRONG_CREDENTIALS = 'Wrong email or password';
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Try again in a few minutes.';
export const PROVIDER_UNREACHABLE = "Can't reach the sign-in service. Check your connection and try again.";
export const EMAIL_TAKEN = 'An account with this email already exists';
export const WEAK_PASSWORD = 'Choose a stronger password: at least 6 characters.';
export const INVALID_EMAIL = 'Enter a valid email address';
export const GOOGLE_WINDOW_CLOSED = 'The Google sign-in window was closed before you finished. Try again.';
export const POPUP_BLOCKED =
  'Your browser blocked the Google sign-in window. Allow pop-ups for this site and try again.';
export const ACCOUNT_DISABLED = 'This account has been disabled. Contact Bookswap if you think this is a mistake.';
export const SIGN_IN_FAILED = 'Sign-in did not work. Please try again.';

const TEXT_OF_CODE: Record<string, string> = {
  'wrong-password': WRONG_CREDENTIALS,
  'invalid-credential': WRONG_CREDENTIALS,
  'invalid-login-credentials': WRONG_CREDENTIALS,
  'user-not-found': WRONG_CREDENTIALS,
  'too-many-requests': TOO_MANY_ATTEMPTS,
  'network-request-failed': PROVIDER_UNREACHABLE,
  'email-already-in-use': EMAIL_TAKEN,
  'credential-already-in-use': EMAIL_TAKEN,
  'account-exists-with-different-credential': EMAIL_TAKEN,
  'weak-password': WEAK_PASSWORD,
  'invalid-email': INVALID_EMAIL,
  'missing-email': INVALID_EMAIL,
  'popup-closed-by-user': GOOGLE_WINDOW_CLOSED,
  'cancelled-popup-request': GOOGLE_WINDOW_CLOSED,
  'user-cancelled': GOOGLE_WINDOW_CLOSED,
  'popup-blocked': POPUP_BLOCKED,
  'user-disabled': ACCOUNT_DISABLED,
};

/**
 * What a failed sign-in, sign-up, Google sign-in or password reset says. The provider's errors read as above (an
 * unknown code as a general failure); Bookswap's own messages (the server asking to verify the email, sign-in
 * that could not load) are already written for people and stay as they are.
 */
export function signInErrorText(error: unknown): string {
  const code = providerCodeOf(error);
  if (code === undefined) return messageOf(error);
  return TEXT_OF_CODE[code] ?? SIGN_IN_FAILED;
}
