import { ApiError, createUser, getAccessToken } from '@bookswap/shared/api';
import type { SignedInIdentity } from '@bookswap/contract/auth';
import type { SignupRole } from '@bookswap/shared/schemas';
import { notifySuccess } from '@bookswap/shared/ui';
import type { IdentityProvider } from './identity-provider';
import { takeSignupChoice } from './pending-signup';
import { providerCodeOf } from './provider-code';

/**
 * The API server's part of a sign-in: the user record that holds the role, and the server's access token traded
 * for the identity provider's ID token (decision 003).
 */

/** Spelled as in product.md §7. */
export const USER_CREATED_MESSAGE = 'user created succrssfully';

export function emailOf(identity: SignedInIdentity | null): string {
  if (!identity?.email) throw new Error('This account has no email address, which Bookswap needs to find your role.');
  return identity.email;
}

/** Creates the user record; a record that already exists (409) is kept as it is, with its role. */
export async function createUserRecord(identity: SignedInIdentity, role: SignupRole, idToken: string, name?: string) {
  const userEmail = emailOf(identity);
  const userName = (name ?? identity.displayName ?? '').trim() || userEmail.split('@')[0]!;
  try {
    await createUser({ userEmail, userName, role }, idToken);
    notifySuccess(USER_CREATED_MESSAGE);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
  }
}

/** The server's answer to a password account that has not verified its email yet (SECURITY.md). */
export function isUnverifiedEmail(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && error.field === 'email_verified';
}

/** Sends the verification link and gives back the server's message, which the sign-in forms show in red. */
export async function askToVerifyEmail(provider: IdentityProvider, error: ApiError): Promise<Error> {
  // The provider refuses to resend a link it sent moments ago (auth/too-many-requests); that link still works.
  await provider.sendEmailVerification().catch(() => undefined);
  return new Error(error.message);
}

/**
 * Trades the provider's ID token for the server's access token. An identity with no user record yet becomes a
 * buyer first (a first Google sign-in, product.md §4), or takes the role it chose at sign-up when its record
 * had to wait (for the email to be verified, or for the page to load again after a reload cut the sign-up off).
 */
export async function obtainAccessToken(
  provider: IdentityProvider,
  identity: SignedInIdentity,
  forceRefresh = false,
): Promise<string> {
  const email = emailOf(identity);
  const idToken = await provider.idToken({ forceRefresh });
  try {
    return (await getAccessToken(email, idToken)).accessToken;
  } catch (error) {
    if (isUnverifiedEmail(error)) throw await askToVerifyEmail(provider, error);
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    const chosen = takeSignupChoice(email);
    await createUserRecord(identity, chosen?.role ?? 'buyer', idToken, chosen?.name || undefined);
    return (await getAccessToken(email, idToken)).accessToken;
  }
}

/**
 * Whether a failed renewal says the person may not go on: the provider or the server refused. A request that did
 * not get through (the connection dropped, the server is down, a navigation cut it off before the page's unload
 * events) proves nothing about the session.
 */
export function isRefusal(error: unknown): boolean {
  if (error instanceof ApiError) return error.status !== 0 && error.status < 500;
  return providerCodeOf(error) !== 'network-request-failed';
}
