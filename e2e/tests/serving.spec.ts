import { join } from 'node:path';
import { PACKAGES } from '../../tooling/serve/packages.mts';
import { servePackage } from '../../tooling/serve/serve-package.mts';
import { expect, test } from '../support/fixtures';

const ROOT = join(__dirname, '..', '..');
const shell = PACKAGES.find((pkg) => pkg.name === 'shell')!;

/** The built shell on a spare port with the given environment, as a deployer would start it. */
async function serveShell(env: Record<string, string>) {
  const server = servePackage(ROOT, shell, 3090, env);
  await server.listen();
  return server;
}

test.describe("the shell's runtime files follow the deployer's environment without a rebuild", () => {
  test('one remote moved and the API elsewhere', async ({ request }) => {
    const server = await serveShell({
      BOOKSWAP_API_URL: 'https://api.bookswap.example',
      BOOKSWAP_REMOTE_SELLER_URL: 'https://seller.bookswap.example/v2/',
      BOOKSWAP_AUTH_EMULATOR_URL: '',
    });
    try {
      const remotes = (await (await request.get('http://localhost:3090/remotes.json')).json()) as {
        name: string;
        entry: string;
        version: string;
      }[];
      // Each remote's live release (the run's registry), at its own origin or the one the deployer moved it to.
      const seller = remotes.find((remote) => remote.name === 'seller');
      const storefront = remotes.find((remote) => remote.name === 'storefront');
      expect(seller?.entry).toBe(`https://seller.bookswap.example/v2/${seller?.version}/mf-manifest.json`);
      expect(storefront?.entry).toBe(`http://localhost:3001/${storefront?.version}/mf-manifest.json`);
      const config = (await (await request.get('http://localhost:3090/config.json')).json()) as {
        apiUrl: string;
        firebase?: { emulatorUrl?: string; projectId: string };
      };
      expect(config.apiUrl).toBe('https://api.bookswap.example');
      expect(config.firebase?.projectId).toBe('demo-bookswap');
      expect(config.firebase?.emulatorUrl).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  test('the whole remote list replaced', async ({ request }) => {
    const list = [{ name: 'storefront', entry: 'https://cdn.example/storefront/mf-manifest.json' }];
    const server = await serveShell({ BOOKSWAP_REMOTES: JSON.stringify(list) });
    try {
      expect(await (await request.get('http://localhost:3090/remotes.json')).json()).toEqual(list);
    } finally {
      await server.close();
    }
  });
});
