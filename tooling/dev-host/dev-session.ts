import { getAccessToken, storeAccessToken } from '@bookswap/shared/api';

/** The Auth emulator's project (docs/architecture.md "Auth and tokens"); the API accepts its unsigned tokens only in emulator mode. */
const EMULATOR_PROJECT = 'demo-bookswap';

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** An unsigned ID token like the ones the Auth emulator issues, for the development host's fake user. */
function emulatorIdToken(uid: string, email: string): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: `https://securetoken.google.com/${EMULATOR_PROJECT}`,
    aud: EMULATOR_PROJECT,
    sub: uid,
    user_id: uid,
    email,
    email_verified: true,
    iat: now,
    exp: now + 3600,
    auth_time: now,
    firebase: { sign_in_provider: 'password', identities: { email: [email] } },
  };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}

/**
 * Gives the development host's fake user a real access token from a local API server in emulator mode
 * (`pnpm dev`, or `AUTH_MODE=emulator pnpm --filter ./server start`), so the remote's screens load real
 * data standalone. The fake user's email is a demo account of the same role. Resolves with why not, if not.
 */
export async function signInDevUser({ uid, email }: { uid: string; email: string }): Promise<string | null> {
  try {
    const { accessToken } = await getAccessToken(email, emulatorIdToken(uid, email));
    storeAccessToken(accessToken);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
