import type { Auth } from 'firebase-admin/auth';
import type { ServerConfig } from '../config';
import type { SignInAccounts } from './sign-in-accounts';

type Revocation = NonNullable<ServerConfig['signInRevocation']>;

let apps = 0;

/** The Admin SDK's Auth for the project, against the emulator or Firebase; loaded on the first revocation only. */
async function adminAuth(projectId: string, revocation: Revocation): Promise<Auth> {
  const { applicationDefault, initializeApp } = await import('firebase-admin/app');
  const { getAuth } = await import('firebase-admin/auth');
  // The SDK talks to the emulator when this is in the environment; the product's scripts set it in emulator mode.
  if ('emulatorHost' in revocation) process.env.FIREBASE_AUTH_EMULATOR_HOST = revocation.emulatorHost;
  apps += 1;
  const app = initializeApp(
    { projectId, ...('credentialsFile' in revocation ? { credential: applicationDefault() } : {}) },
    `bookswap-sign-in-accounts-${apps}`,
  );
  return getAuth(app);
}

/**
 * Signing out everywhere at the identity provider too, through the Admin SDK's `revokeRefreshTokens`: the other
 * devices' Firebase refresh tokens stop working and the account's tokens are valid only from now on. The server's
 * cut-off has already refused the older sessions when this runs, so a failure here ends nobody's sign-out: it is
 * reported to `onFailure` (the server's error log) and the request still succeeds.
 */
export function adminSdkAccounts(
  projectId: string,
  revocation: Revocation,
  onFailure: (error: unknown, uid: string) => void,
): SignInAccounts {
  let auth: Promise<Auth> | null = null;
  return {
    async revokeSessions(uid) {
      try {
        auth ??= adminAuth(projectId, revocation);
        await (await auth).revokeRefreshTokens(uid);
      } catch (error) {
        onFailure(error, uid);
      }
    },
  };
}
