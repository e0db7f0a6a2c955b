import { API_URL } from './shared-steps';
import {
  AUTH_EMULATOR_API_KEY,
  AUTH_EMULATOR_URL,
  createEmulatorAccount,
} from '../../tooling/auth-emulator/auth-emulator.mts';

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

/** The server's access token of an account, from an ID token of a password sign-in at the emulator. */
export async function accessTokenThroughApi(email: string, password: string): Promise<string> {
  const idToken = await idTokenOf(AUTH_EMULATOR_URL, AUTH_EMULATOR_API_KEY, email, password);
  return accessTokenFor(email, idToken);
}

async function idTokenOf(emulator: string, key: string, email: string, password: string): Promise<string> {
  const signedIn = await postJson(
    `${emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${key}`,
    {
      email,
      password,
      returnSecureToken: true,
    },
  );
  if (signedIn.status !== 200) throw new Error(`${email} could not sign in: ${JSON.stringify(signedIn.body)}`);
  return String(signedIn.body.idToken);
}

async function accessTokenFor(email: string, idToken: string): Promise<string> {
  const answer = await fetch(`${API_URL}/api/jwt/list?email=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${idToken}` },
  });
  if (answer.status !== 200) throw new Error(`No access token for ${email}: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { accessToken: string }).accessToken;
}

/**
 * A new person with a role, made the way the sign-up screen makes one (an account at the sign-in emulator, the
 * user record with the chosen role, an access token for the ID token) but without a browser: for tests about what
 * others do with such a person, not about signing up (sign-in.spec.ts walks the screen).
 */
export async function signUpThroughApi(role: 'buyer' | 'seller', name: string, email: string): Promise<ApiAccount> {
  const password = 'secret123';
  await createEmulatorAccount({ email, password, displayName: name });
  const idToken = await idTokenOf(AUTH_EMULATOR_URL, AUTH_EMULATOR_API_KEY, email, password);
  const created = await postJson(`${API_URL}/api/user/create`, { userEmail: email, userName: name, role }, idToken);
  if (created.status !== 201) throw new Error(`The user record of ${email} was refused: ${JSON.stringify(created)}`);
  return { name, email, password, token: await accessTokenFor(email, idToken) };
}
