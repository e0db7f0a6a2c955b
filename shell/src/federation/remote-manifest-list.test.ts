import { readRemoteManifestList } from './remote-manifest-list';

describe('remotes.json as the shell reads it', () => {
  it('keeps each remote name and manifest URL', () => {
    const list = [{ name: 'storefront', entry: 'http://localhost:3001/mf-manifest.json', note: 'ignored' }];
    expect(readRemoteManifestList(list)).toEqual([
      { name: 'storefront', entry: 'http://localhost:3001/mf-manifest.json' },
    ]);
  });

  it.each([
    ['not a list', { storefront: 'http://localhost:3001/mf-manifest.json' }],
    ['a relative entry', [{ name: 'storefront', entry: '/mf-manifest.json' }]],
    ['an empty name', [{ name: '', entry: 'http://localhost:3001/mf-manifest.json' }]],
    ['a missing entry', [{ name: 'storefront' }]],
  ])('refuses %s with a message naming the file', (_case, data) => {
    expect(() => readRemoteManifestList(data)).toThrow(/remotes\.json/);
  });
});
