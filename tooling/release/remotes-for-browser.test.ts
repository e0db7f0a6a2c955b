import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserIdFrom, remotesForBrowser, shellForBrowser } from './remotes-for-browser.mts';
import { writeRegistryAtomically, type Registry } from './release-store.mts';

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

describe("the shell's page, from the shell release this browser resolves to (docs/decisions/029)", () => {
  const browsers = Array.from({ length: 200 }, (_, index) => index.toString(16).padStart(16, '0'));

  it('is the live shell release, or with nothing promoted the newest kept one', () => {
    const dir = releasesFolder({ shell: ['s1', 's2'] });
    expect(shellForBrowser({ browserId: browsers[0]!, env: env(dir, { remotes: {} }) })?.version).toBe('s2');
    const live = env(dir, { remotes: { shell: { live: 's1', canary: null, history: [] } } });
    expect(shellForBrowser({ browserId: browsers[0]!, env: live })).toMatchObject({ version: 's1', channel: 'live' });
    expect(shellForBrowser({ browserId: browsers[0]!, env: env(releasesFolder({}), { remotes: {} }) })).toBeNull();
  });

  it("a set's canary gives each browser every member of the set or none, the same on every load", () => {
    const dir = releasesFolder({ shell: ['s1', 's2'], seller: ['v1', 'v2'] });
    const set = 'seller+shell@2026-11-26T12:00:00.000Z';
    const environment = env(dir, {
      remotes: {
        shell: { live: 's1', canary: { version: 's2', percent: 50, set }, history: [] },
        seller: { live: 'v1', canary: { version: 'v2', percent: 50, set }, history: [] },
      },
    });
    const seen = browsers.map(
      (id) => `${shellForBrowser({ browserId: id, env: environment })?.version}+${sellerOf(id, environment)?.version}`,
    );
    expect(new Set(seen)).toEqual(new Set(['s1+v1', 's2+v2']));
    const onCanary = seen.filter((pair) => pair === 's2+v2').length;
    expect(onCanary).toBeGreaterThan(60);
    expect(onCanary).toBeLessThan(140);
    // The same draw on the next load.
    expect(
      browsers.map(
        (id) =>
          `${shellForBrowser({ browserId: id, env: environment })?.version}+${sellerOf(id, environment)?.version}`,
      ),
    ).toEqual(seen);
  });
});
