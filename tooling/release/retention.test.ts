import type { ReleaseManifest } from '@bookswap/shared/releases';
import type { RemoteRecord } from './release-store.mts';
import { KEEP_LAST, releasesToDelete } from './retention';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date(Date.UTC(2026, 10, 24));
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();

function releases(count: number, builtDaysAgo: (index: number) => number): ReleaseManifest[] {
  return Array.from({ length: count }, (_, index) => ({
    remote: 'seller' as const,
    version: `v${index}`,
    commit: 'abc',
    builtAt: daysAgo(builtDaysAgo(index)),
    contract: { runtime: '1.0.0', singletons: {} },
    routes: [],
  }));
}

const record = (fields: Partial<RemoteRecord>): RemoteRecord => ({ live: null, canary: null, history: [], ...fields });

describe('which releases may be deleted', () => {
  it('keeps the last 20 built whatever their age', () => {
    const all = releases(KEEP_LAST, () => 400);
    expect(releasesToDelete(all, record({}), NOW)).toEqual([]);
  });

  it('deletes older ones that left the live set more than 30 days ago, never live or canary ones', () => {
    // v0 … v24, v24 newest; v0-v4 are past the last 20.
    const all = releases(25, (index) => 100 - index);
    const history = [
      { at: daysAgo(90), action: 'promote' as const, from: null, to: 'v0', command: 'c' },
      { at: daysAgo(10), action: 'promote' as const, from: 'v0', to: 'v1', command: 'c' },
      { at: daysAgo(40), action: 'canary' as const, from: 'v0', to: 'v2', percent: 10, command: 'c' },
    ];
    const deletable = releasesToDelete(
      all,
      record({ live: 'v1', canary: { version: 'v3', percent: 5 }, history }),
      NOW,
    );
    // v0 left the live set 10 days ago, v1 is live, v3 is the canary; v2 was last seen 40 days ago, v4 never
    // promoted and built 96 days ago.
    expect(deletable.map((release) => release.version).sort()).toEqual(['v2', 'v4']);
  });

  it('keeps a never-promoted release for 30 days after its build', () => {
    const all = releases(21, (index) => (index === 0 ? 29 : 1));
    expect(releasesToDelete(all, record({}), NOW)).toEqual([]);
  });
});
