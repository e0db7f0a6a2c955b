/**
 * The identity provider's side of signing out everywhere: ending the refresh tokens of a sign-in account, so a
 * lost device cannot even renew its ID token. The server's own cut-off (`signedOutEverywhereAt`) is what refuses
 * the older ID tokens; this only closes the provider's door as well.
 */
export interface SignInAccounts {
  revokeSessions(uid: string): Promise<void>;
}

/**
 * When no identity provider is configured for revocation (`signInRevocation` unset: the API tests, Firebase mode
 * without a service account): the cut-off alone ends the other devices' sessions, since their renewed ID tokens
 * keep the sign-in's `auth_time`, which it refuses. Otherwise `adminSdkAccounts` revokes at the provider as well.
 */
export const cutOffOnly: SignInAccounts = {
  revokeSessions: () => Promise.resolve(),
};
