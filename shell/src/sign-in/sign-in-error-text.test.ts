import {
  ACCOUNT_DISABLED,
  EMAIL_TAKEN,
  GOOGLE_WINDOW_CLOSED,
  INVALID_EMAIL,
  PROVIDER_UNREACHABLE,
  SIGN_IN_FAILED,
  TOO_MANY_ATTEMPTS,
  WEAK_PASSWORD,
  WRONG_CREDENTIALS,
  signInErrorText,
} from './sign-in-error-text';

/** An error as Firebase throws it: its code on the object, its name in the message. */
function providerError(code: string, message = `Firebase: Error (${code}).`) {
  return Object.assign(new Error(message), { code });
}

describe('what a failed sign-in says', () => {
  it.each([
    ['auth/wrong-password', WRONG_CREDENTIALS],
    ['auth/invalid-credential', WRONG_CREDENTIALS],
    ['auth/invalid-login-credentials', WRONG_CREDENTIALS],
    ['auth/user-not-found', WRONG_CREDENTIALS],
    ['auth/too-many-requests', TOO_MANY_ATTEMPTS],
    ['auth/network-request-failed', PROVIDER_UNREACHABLE],
    ['auth/email-already-in-use', EMAIL_TAKEN],
    ['auth/weak-password', WEAK_PASSWORD],
    ['auth/invalid-email', INVALID_EMAIL],
    ['auth/popup-closed-by-user', GOOGLE_WINDOW_CLOSED],
    ['auth/user-disabled', ACCOUNT_DISABLED],
    ['auth/internal-error', SIGN_IN_FAILED],
  ])('reads %s as "%s"', (code, text) => {
    expect(signInErrorText(providerError(code))).toBe(text);
  });

  it('finds the code in the message when the error carries none', () => {
    expect(signInErrorText(new Error('Firebase: Password should be at least 6 characters (auth/weak-password).'))).toBe(
      WEAK_PASSWORD,
    );
  });

  it("keeps Bookswap's own messages, which are written for people already", () => {
    const verify = 'Please verify your email address: we sent you a link.';
    expect(signInErrorText(new Error(verify))).toBe(verify);
  });

  it('never shows a provider error name', () => {
    expect(signInErrorText(providerError('auth/some-future-code'))).not.toMatch(/auth\/|Firebase/);
  });
});
