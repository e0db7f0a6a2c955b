import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair } from 'jose';
import { firebaseVerifier, type IdTokenVerifier } from '../auth/id-token';
import { TEST_PROJECT } from './test-server';

export interface FakeGoogleKeys {
  /** Checks RS256 tokens as production does, against this key set instead of Google's. */
  verifier: IdTokenVerifier;
  /** A signed ID token as Firebase issues them for TEST_PROJECT. */
  idToken(person: { email: string; uid: string }, claims?: Record<string, unknown>): Promise<string>;
}

/** Google's signing key played by a local one, so tests can run the server outside emulator mode. */
export async function fakeGoogleKeys(): Promise<FakeGoogleKeys> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'google-test', alg: 'RS256' };
  return {
    verifier: firebaseVerifier(TEST_PROJECT, createLocalJWKSet({ keys: [jwk] })),
    idToken: ({ email, uid }, claims = {}) =>
      new SignJWT({
        iss: `https://securetoken.google.com/${TEST_PROJECT}`,
        aud: TEST_PROJECT,
        sub: uid,
        email,
        email_verified: false,
        firebase: { identities: { email: [email] }, sign_in_provider: 'password' },
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'google-test' })
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey),
  };
}
