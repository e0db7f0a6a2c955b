import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTES } from '@bookswap/contract/routing';
import { earlyManifests, takeEarlyStartUpFile } from './early-start';

const indexHtml = readFileSync(join(__dirname, '..', '..', 'public', 'index.html'), 'utf8');

/** The path rule of index.html's inline script, read from the page itself. */
function earlyStartRule(): RegExp {
  const match = /var STOREFRONT_PUBLIC_PATH = \/(.+)\/;/.exec(indexHtml);
  if (!match) throw new Error('index.html has no STOREFRONT_PUBLIC_PATH');
  return new RegExp(match[1]!);
}

/** A concrete URL of each route: its parameters filled with a sample value. */
const samplePath = (path: string) => path.replace(/:(\w+)/g, 'sample-$1');

describe("index.html's early start of the storefront", () => {
  it('runs on exactly the public pages the storefront owns, never before a guard could refuse', () => {
    const rule = earlyStartRule();
    for (const entry of Object.values(ROUTES)) {
      const expected = entry.owner === 'storefront' && entry.access === 'public';
      expect({ path: entry.path, starts: rule.test(samplePath(entry.path)) }).toEqual({
        path: entry.path,
        starts: expected,
      });
    }
  });

  afterEach(() => {
    delete window.__bookswapEarly;
  });

  it('hands config.json and remotes.json over once each', async () => {
    window.__bookswapEarly = {
      config: Promise.resolve({ apiUrl: 'http://api.test' }),
      remotes: Promise.resolve([{ name: 'storefront', entry: 'http://s.test/m.json' }]),
    };
    await expect(takeEarlyStartUpFile('remotes')).resolves.toEqual([
      { name: 'storefront', entry: 'http://s.test/m.json' },
    ]);
    expect(takeEarlyStartUpFile('remotes')).toBeUndefined();
    await expect(takeEarlyStartUpFile('config')).resolves.toEqual({ apiUrl: 'http://api.test' });
    expect(takeEarlyStartUpFile('config')).toBeUndefined();
  });

  it('gives the runtime an early manifest once, then leaves fetching to it', async () => {
    const manifest = { metaData: { name: 'storefront' }, exposes: [], shared: [] };
    window.__bookswapEarly = { manifests: { 'http://s.test/m.json': Promise.resolve(manifest) } };
    const plugin = earlyManifests();
    const first = await plugin.fetch!('http://s.test/m.json', {});
    expect(first && (await first.json())).toEqual(manifest);
    expect(plugin.fetch!('http://s.test/m.json', {})).toBeUndefined();
    expect(plugin.fetch!('http://other.test/m.json', {})).toBeUndefined();
  });

  it('fetches the manifest itself when the early request failed', async () => {
    const answer = new Response('{"metaData":{}}');
    global.fetch = jest.fn(async () => answer) as typeof fetch;
    window.__bookswapEarly = { manifests: { 'http://s.test/m.json': Promise.reject(new Error('offline')) } };
    const response = await earlyManifests().fetch!('http://s.test/m.json', {});
    expect(response).toBe(answer);
    expect(global.fetch).toHaveBeenCalledWith('http://s.test/m.json', {});
  });
});
