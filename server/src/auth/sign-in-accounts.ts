/**
 * The identity provider's side of signing out everywhere: ending the refresh tokens of a sign-in account, so a
 * lost device cannot even renew its ID token. The server's own cut-off (`signedOutEverywhereAt`) is what refuses
 * the older ID tokens; this only closes the provider's door as well.
 */
export interface SignInAccounts {
  revokeSessions(uid: string): Promise<void>;
}

/**
 * Both auth modes today: the server does not carry firebase-admin nor a service account, so nothing is revoked at
 * Firebase and the cut-off alone ends the other devices' sessions (their renewed ID tokens keep the sign-in's
 * `auth_time`, which the cut-off refuses). A Firebase-mode implementation would call the Admin SDK's
 * `revokeRefreshTokens(uid)` here and be chosen beside the ID-token verifier in server.ts.
 */
export const cutOffOnly: SignInAccounts = {
  revokeSessions: () => Promise.resolve(),
};
