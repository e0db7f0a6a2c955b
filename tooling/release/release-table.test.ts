import type { ReleaseManifest } from '@bookswap/shared/releases';
import type { Registry } from './release-store.cjs';
import { releaseTable } from './release-table';

const release = (version: string, day: number): ReleaseManifest => ({
  remote: 'seller',
  version,
  commit: `c${day}`,
  builtAt: new Date(Date.UTC(2026, 10, day)).toISOString(),
  contract: { shared: '1.0.0', singletons: {} },
  routes: [],
});

describe('pnpm release list', () => {
  it('shows live, canary and kept releases newest first, with the history', () => {
    const registry: Registry = {
      remotes: {
        seller: {
          live: 'v2',
          canary: { version: 'v3', percent: 10 },
          history: [
            {
              at: '2026-11-02T00:00:00.000Z',
              action: 'promote',
              from: 'v1',
              to: 'v2',
              command: 'pnpm release promote seller v2',
            },
          ],
        },
      },
    };
    const table = releaseTable(registry, ['seller'], () => [release('v1', 1), release('v2', 2), release('v3', 3)]);
    expect(table.remotes.seller?.releases.map((kept) => [kept.version, kept.status])).toEqual([
      ['v3', 'canary'],
      ['v2', 'live'],
      ['v1', 'kept'],
    ]);
    expect(table.text).toContain('seller: live v2, canary v3 at 10 %');
    expect(table.text).toContain('promote v1 -> v2: pnpm release promote seller v2');
  });
});
