import { API_URL } from './shared-steps';

const authEmulator = () => import('../../tooling/auth-emulator/auth-emulator.mjs');

export interface ApiAccount {
  name: string;
  email: string;
  password: string;
  /** The server's access token for the account, as a signed-in page would hold it. */
  token: string;
}

async function postJson(url: string, body: unknown, bearer?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(bearer && { authorization: `Bearer ${bearer}` }) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * A new person with a role, made the way the sign-up screen makes one (an account at the sign-in emulator, the
 * user record with the chosen role, an access token for the ID token) but without a browser: for tests about what
 * an admin or a seller does to such a person, not about signing up (sign-in.spec.ts walks the screen).
 */
export async function signUpThroughApi(role: 'buyer' | 'seller', name: string, email: string): Promise<ApiAccount> {
  const { AUTH_EMULATOR_API_KEY, AUTH_EMULATOR_URL, createEmulatorAccount } = await authEmulator();
  const password = 'secret123';
  await createEmulatorAccount({ email, password, displayName: name });
  const signedIn = await postJson(
    `${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${AUTH_EMULATOR_API_KEY}`,
    { email, password, returnSecureToken: true },
  );
  const idToken = String(signedIn.body.idToken);
  const created = await postJson(`${API_URL}/api/user/create`, { userEmail: email, userName: name, role }, idToken);
  if (created.status !== 201) throw new Error(`The user record of ${email} was refused: ${JSON.stringify(created)}`);
  const answer = await fetch(`${API_URL}/api/jwt/list?email=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${idToken}` },
  });
  const { accessToken } = (await answer.json()) as { accessToken: string };
  return { name, email, password, token: accessToken };
}
