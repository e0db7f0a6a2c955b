import { SignJWT, createLocalJWKSet, createRemoteJWKSet, exportJWK, generateKeyPair } from 'jose';
import { firebaseVerifier } from './id-token';
import { call, emulatorIdToken, givenUser, startTestServer } from '../testing/test-server';

/** Production mode: RS256 against Google's keys (here a local key set standing in for them). */
describe('checking Firebase ID tokens outside the emulator', () => {
  const project = 'bookswap-prod';
  let sign: (claims: Record<string, unknown>, options?: { kid?: string; expiresIn?: string }) => Promise<string>;
  let verifier: ReturnType<typeof firebaseVerifier>;

  beforeAll(async () => {
    const google = await generateKeyPair('RS256');
    const stranger = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(google.publicKey)), kid: 'google-1', alg: 'RS256' };
    verifier = firebaseVerifier(project, createLocalJWKSet({ keys: [jwk] }));
    sign = (claims, options = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'google-1' })
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '1h')
        .sign(options.kid === 'stranger' ? stranger.privateKey : google.privateKey);
  });

  const good = {
    iss: 'https://securetoken.google.com/bookswap-prod',
    aud: 'bookswap-prod',
    sub: 'uid-1',
    email: 'Reader@Example.test',
    email_verified: true,
  };

  it('accepts a token signed by Google for this project', async () => {
    await expect(verifier.verify(await sign(good))).resolves.toEqual({
      uid: 'uid-1',
      email: 'reader@example.test',
      emailVerified: true,
      name: undefined,
      signedInAt: expect.any(Number),
    });
  });

  it('reads when the person signed in: a renewed token’s auth_time, not its newer iat', async () => {
    const renewed = await sign({ ...good, auth_time: 1_700_000_000 });
    await expect(verifier.verify(renewed)).resolves.toMatchObject({ signedInAt: 1_700_000_000 });
    const withoutAuthTime = await sign(good);
    const { signedInAt } = await verifier.verify(withoutAuthTime);
    expect(Math.abs(signedInAt - Date.now() / 1000)).toBeLessThan(60);
  });

  it.each([
    ['another issuer', { ...good, iss: 'https://securetoken.google.com/other' }, {}],
    ['another audience', { ...good, aud: 'other' }, {}],
    ['an expired token', good, { expiresIn: '-1m' }],
    ['another key', good, { kid: 'stranger' }],
    ['no email', { ...good, email: undefined }, {}],
  ])('refuses %s with 401', async (_what, claims, options) => {
    await expect(verifier.verify(await sign(claims, options))).rejects.toMatchObject({ status: 401 });
  });

  it('reads which provider signed the person in', async () => {
    const google = await sign({ ...good, email_verified: false, firebase: { sign_in_provider: 'google.com' } });
    await expect(verifier.verify(google)).resolves.toMatchObject({
      emailVerified: false,
      signInProvider: 'google.com',
    });
  });

  it('answers 503, not 401 (which signs people out), when Google’s keys cannot be fetched', async () => {
    const unreachable = firebaseVerifier(project, createRemoteJWKSet(new URL('http://127.0.0.1:9/keys')));
    await expect(unreachable.verify(await sign(good))).rejects.toMatchObject({ status: 503 });
    const failing = firebaseVerifier(project, async () => {
      throw new TypeError('fetch failed');
    });
    await expect(failing.verify(await sign(good))).rejects.toMatchObject({ status: 503 });
    // A token signed by a key Google never published is still the token's fault.
    await expect(verifier.verify(await sign(good, { kid: 'stranger' }))).rejects.toMatchObject({ status: 401 });
  });

  it('answers the token call with 503 while the key endpoint is unreachable', async () => {
    const server = await startTestServer(
      { authMode: 'firebase', firebaseProjectId: project, payments: 'sandbox' },
      { idTokens: firebaseVerifier(project, createRemoteJWKSet(new URL('http://127.0.0.1:9/keys'))) },
    );
    try {
      const response = await call(server, 'GET', '/api/jwt/list?email=reader@example.test', {
        headers: { authorization: `Bearer ${await sign(good)}` },
      });
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ message: expect.any(String) });
    } finally {
      await server.close();
    }
  });

  it('refuses the emulator’s unsigned tokens unless the server runs in emulator mode', async () => {
    const server = await startTestServer(
      { authMode: 'firebase', firebaseProjectId: 'demo-bookswap' },
      { idTokens: verifier },
    );
    try {
      const person = await givenUser(server, 'buyer', 'Bea Buyer').catch(() => null);
      expect(person).toBeNull();
      const response = await call(server, 'GET', '/api/jwt/list?email=bea.buyer@example.test', {
        headers: { authorization: `Bearer ${emulatorIdToken({ email: 'bea.buyer@example.test' })}` },
      });
      expect(response.status).toBe(401);
    } finally {
      await server.close();
    }
  });
});
