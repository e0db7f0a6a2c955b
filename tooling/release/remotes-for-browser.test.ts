import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserIdFrom, remotesForBrowser } from './remotes-for-browser.cjs';
import { writeRegistryAtomically, type Registry } from './release-store.cjs';

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function releasesFolder(kept: Record<string, string[]>) {
  const dir = mkdtempSync(join(tmpdir(), 'bookswap-releases-'));
  made.push(dir);
  for (const [remote, versions] of Object.entries(kept))
    for (const [index, version] of versions.entries()) {
      mkdirSync(join(dir, remote, version), { recursive: true });
      const release = {
        remote,
        version,
        commit: 'abc',
        builtAt: new Date(Date.UTC(2026, 0, index + 1)).toISOString(),
        contract: { runtime: '1.0.0', singletons: { react: '^19.3.1' } },
        routes: [{ path: `/dashboard/${remote}-${version}`, access: 'seller', layout: 'dashboard', title: version }],
      };
      writeFileSync(join(dir, remote, version, 'release.json'), JSON.stringify(release));
    }
  return dir;
}

function env(dir: string, registry: Registry, extra: Record<string, string> = {}) {
  writeRegistryAtomically(registry, join(dir, 'registry.json'));
  return { BOOKSWAP_RELEASES_DIR: dir, ...extra };
}

const sellerOf = (browserId: string, environment: Record<string, string>) =>
  remotesForBrowser({ browserId, env: environment }).find((remote) => remote.name === 'seller');

describe("the shell's remotes.json, computed per browser from the registry", () => {
  it('lists each remote at its live release, with the contract and routes from its release.json', () => {
    const dir = releasesFolder({ seller: ['v1', 'v2'] });
    const environment = env(dir, { remotes: { seller: { live: 'v1', canary: null, history: [] } } });
    expect(sellerOf('0123456789abcdef', environment)).toEqual({
      name: 'seller',
      version: 'v1',
      channel: 'live',
      entry: 'http://localhost:3002/v1/mf-manifest.json',
      contract: { runtime: '1.0.0', singletons: { react: '^19.3.1' } },
      routes: [{ path: '/dashboard/seller-v1', access: 'seller', layout: 'dashboard', title: 'v1' }],
    });
  });

  it("follows a remote's origin moved by BOOKSWAP_REMOTE_<NAME>_URL, and falls back for a remote never released", () => {
    const dir = releasesFolder({ seller: ['v1'] });
    const environment = env(
      dir,
      { remotes: { seller: { live: 'v1', canary: null, history: [] } } },
      { BOOKSWAP_REMOTE_SELLER_URL: 'https://seller.example/' },
    );
    const list = remotesForBrowser({
      browserId: '0123456789abcdef',
      env: environment,
      fallback: [{ name: 'admin', entry: 'https://admin.example/mf-manifest.json' }],
    });
    expect(list.find((remote) => remote.name === 'seller')?.entry).toBe('https://seller.example/v1/mf-manifest.json');
    expect(list.find((remote) => remote.name === 'admin')).toEqual({
      name: 'admin',
      entry: 'https://admin.example/mf-manifest.json',
    });
  });

  it('nothing promoted yet: the newest kept build', () => {
    const dir = releasesFolder({ seller: ['v1', 'v2'] });
    expect(sellerOf('0123456789abcdef', env(dir, { remotes: {} }))?.version).toBe('v2');
  });

  it('sends close to the canary percentage of browsers to the canary, each browser always the same way', () => {
    const dir = releasesFolder({ seller: ['v1', 'v2'] });
    const environment = env(dir, {
      remotes: { seller: { live: 'v1', canary: { version: 'v2', percent: 30 }, history: [] } },
    });
    const browsers = Array.from({ length: 2000 }, () => browserIdFrom(undefined).id);
    const onCanary = browsers.filter((id) => sellerOf(id, environment)?.channel === 'canary');
    expect(onCanary.length / browsers.length).toBeGreaterThan(0.26);
    expect(onCanary.length / browsers.length).toBeLessThan(0.34);
    for (const id of browsers.slice(0, 200))
      expect(sellerOf(id, environment)?.version).toBe(onCanary.includes(id) ? 'v2' : 'v1');
    // Raising the percentage keeps every browser already on the canary there.
    const wider = env(dir, {
      remotes: { seller: { live: 'v1', canary: { version: 'v2', percent: 60 }, history: [] } },
    });
    for (const id of onCanary) expect(sellerOf(id, wider)?.channel).toBe('canary');
  });

  it("a browser keeps its id from its cookie; a new one gets a year's cookie", () => {
    expect(browserIdFrom('a=1; bookswap_browser=0123456789abcdef0123; b=2')).toEqual({
      id: '0123456789abcdef0123',
      setCookie: null,
    });
    const fresh = browserIdFrom('bookswap_browser=not-hex');
    expect(fresh.id).toMatch(/^[0-9a-f]{32}$/);
    expect(fresh.setCookie).toBe(`bookswap_browser=${fresh.id}; Path=/; Max-Age=31536000; SameSite=Lax`);
  });
});
