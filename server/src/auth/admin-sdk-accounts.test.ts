import net from 'node:net';
import { readConfig } from '../config';
import { adminSdkAccounts } from './admin-sdk-accounts';

/** A loopback port nothing listens on: the identity provider is down. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('revoking a sign-in account at the identity provider', () => {
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  afterEach(() => {
    if (emulatorHost === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    else process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  });

  it('reports a provider that cannot be reached and still lets the sign-out finish', async () => {
    const failures: string[] = [];
    const accounts = adminSdkAccounts(
      'demo-bookswap',
      { emulatorHost: `127.0.0.1:${await closedPort()}` },
      (error, uid) => failures.push(`${uid}: ${String(error)}`),
    );
    await expect(accounts.revokeSessions('uid-of-a-lost-phone')).resolves.toBeUndefined();
    // The SDK did call the provider: the failure is the refused connection, told with the account it was for.
    expect(failures).toEqual([expect.stringMatching(/^uid-of-a-lost-phone: .*ECONNREFUSED/)]);
  });

  it('is configured against the emulator in emulator mode and against Firebase with a service account', () => {
    expect(
      readConfig({ AUTH_MODE: 'emulator', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).signInRevocation,
    ).toEqual({ emulatorHost: '127.0.0.1:9099' });
    expect(readConfig({ AUTH_MODE: 'emulator' }).signInRevocation).toBeUndefined();
    expect(readConfig({ GOOGLE_APPLICATION_CREDENTIALS: '/run/secrets/firebase.json' }).signInRevocation).toEqual({
      credentialsFile: '/run/secrets/firebase.json',
    });
    // Firebase mode without a service account: only the server's cut-off ends other sessions.
    expect(readConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).signInRevocation).toBeUndefined();
  });
});
