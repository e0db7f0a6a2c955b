import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { remoteRoute, ROUTES } from '@bookswap/contract/routing';
import { contentDigest, contractOf, pointPageAtRelease } from './build-release';
import { routeFactsOf } from './read-routes';
import { ROOT } from './release-store.mts';

describe('what a release build writes into release.json', () => {
  it("the routes a remote's module serves, as data", () => {
    const routes = [remoteRoute(ROUTES.myProducts, async () => ({})), remoteRoute(ROUTES.addProduct, async () => ({}))];
    expect(routeFactsOf(routes)).toEqual([
      {
        path: '/dashboard/myproduct',
        access: 'seller',
        layout: 'dashboard',
        title: 'My Product',
        menu: { place: 'dashboard', label: 'My Product' },
      },
      { path: '/dashboard/addproduct', access: 'seller', layout: 'dashboard', title: 'Add Product' },
    ]);
    expect(() => routeFactsOf([{ path: '/dashboard/x', handle: { access: 'seller' } }])).toThrow(/lacks its facts/);
  });

  it("the contract: the runtime contract's version the remote links, each singleton's range, its libraries", () => {
    const versionOf = (folder: string) =>
      (JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8')) as { version: string }).version;
    const contract = contractOf(join(ROOT, 'remote-seller'));
    expect(contract.runtime).toBe(versionOf('contract'));
    expect(contract.singletons).toMatchObject({ react: '^19.3.1', '@bookswap/contract': `^${versionOf('contract')}` });
    // docs/decisions/028: the libraries are no singletons, so no shell can refuse a release for their version.
    expect(contract.singletons).not.toHaveProperty('@bookswap/shared');
    expect(contract.libraries).toEqual({ '@bookswap/shared': versionOf('shared') });
    expect(Object.keys(contract.singletons).some((key) => key.endsWith('/'))).toBe(false);
  });

  it('the same files digest the same; one changed byte does not', () => {
    const folder = mkdtempSync(join(tmpdir(), 'bookswap-digest-'));
    writeFileSync(join(folder, 'a.js'), 'one');
    const first = contentDigest(folder);
    expect(contentDigest(folder)).toBe(first);
    writeFileSync(join(folder, 'a.js'), 'onf');
    expect(contentDigest(folder)).not.toBe(first);
    rmSync(folder, { recursive: true, force: true });
  });
});

describe("a shell release's page", () => {
  it('names its own scripts under its version, and leaves inline code, data URLs and other origins alone', () => {
    const page = [
      '<link rel="icon" href="data:," />',
      '<script>fetch("/config.json")</script>',
      '<script defer src="/main.0123456789.js"></script>',
      '<link rel="preload" href="/chunk.abcdef0123.js" as="script" />',
      '<script src="//cdn.example/x.js"></script>',
    ].join('\n');
    expect(pointPageAtRelease(page, '0.1.0-abc')).toBe(
      [
        '<link rel="icon" href="data:," />',
        '<script>fetch("/config.json")</script>',
        '<script defer src="/_shell/0.1.0-abc/main.0123456789.js"></script>',
        '<link rel="preload" href="/_shell/0.1.0-abc/chunk.abcdef0123.js" as="script" />',
        '<script src="//cdn.example/x.js"></script>',
      ].join('\n'),
    );
  });
});
