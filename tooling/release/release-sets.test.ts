import type { Registry, ReleaseManifest, ReleaseUnit, ShellContract } from '@bookswap/shared/releases';
import {
  latestSet,
  promoteCanary,
  promoteLive,
  promoteSet,
  refuseStranded,
  ReleaseRefusal,
  rollBack,
  rollBackSet,
  strandedReleases,
  worldsOf,
  type ChangeContext,
  type KeptReleases,
} from '@bookswap/shared/releases';

const at = (minute: number): ChangeContext => ({
  command: `pnpm release … (minute ${minute})`,
  now: new Date(Date.UTC(2026, 10, 26, 12, minute)),
});
const record = () => ({ live: null, canary: null, history: [] });
const empty = (): Registry => ({
  remotes: { shell: record(), storefront: record(), seller: record(), admin: record(), checkout: record() },
});

/** shell v1 and seller v1 live, on the runtime contract 1. */
const liveOnOne = () => promoteLive(promoteLive(empty(), 'shell', 's1', at(1)), 'seller', 'r1', at(2));

const shellOn = (runtime: string): ShellContract => ({
  runtime,
  singletons: { react: '19.3.1', '@bookswap/contract': runtime },
  routes: [
    { path: '/dashboard/myproduct', owner: 'seller', layout: 'dashboard', access: 'seller', title: 'My Product' },
  ],
});
const release = (unit: ReleaseUnit, version: string, runtime: string): ReleaseManifest => ({
  remote: unit,
  version,
  commit: 'abc',
  builtAt: '2026-11-26T12:00:00.000Z',
  contract: { runtime, singletons: { react: '^19.0.0', '@bookswap/contract': `^${runtime}` } },
  routes:
    unit === 'seller'
      ? [{ path: '/dashboard/myproduct', layout: 'dashboard', access: 'seller', title: 'My Product' }]
      : [],
  ...(unit === 'shell' ? { provides: shellOn(runtime) } : {}),
});
/** s1, r1 on contract 1.0.0; s2, r2 on the next major, 2.0.0. */
const KEPT: KeptReleases = {
  release: (unit, version) => release(unit, version, version.endsWith('2') ? '2.0.0' : '1.0.0'),
  newest: () => null,
};

describe('a release set: several units in one registry change', () => {
  it('goes live together, each member with the set in its history', () => {
    const next = promoteSet(liveOnOne(), { shell: 's2', seller: 'r2' }, at(3));
    expect([next.remotes.shell?.live, next.remotes.seller?.live]).toEqual(['s2', 'r2']);
    const sets = [next.remotes.shell?.history.at(-1)?.set, next.remotes.seller?.history.at(-1)?.set];
    expect(sets[0]).toBe('seller+shell@2026-11-26T12:03:00.000Z');
    expect(sets[1]).toBe(sets[0]);
  });

  it("as a canary, every member's canary carries the set, so a browser draws once for all of them", () => {
    const next = promoteSet(liveOnOne(), { shell: 's2', seller: 'r2' }, at(3), 50);
    expect(next.remotes.shell?.canary).toEqual({
      version: 's2',
      percent: 50,
      set: 'seller+shell@2026-11-26T12:03:00.000Z',
    });
    expect(next.remotes.seller?.canary?.set).toBe(next.remotes.shell?.canary?.set);
    // A member alone cannot leave the set: promoting or rolling back one of them is refused.
    expect(() => rollBack(next, 'seller', at(4))).toThrow(/part of the release set/);
    expect(() => promoteLive(next, 'shell', 's1b', at(4))).toThrow(ReleaseRefusal);
  });

  it('rollback --set ends a set canary, or restores every member of a live set, in one change', () => {
    const canary = promoteSet(liveOnOne(), { shell: 's2', seller: 'r2' }, at(3), 50);
    const ended = rollBackSet(canary, at(4));
    expect([ended.remotes.shell, ended.remotes.seller].map((unit) => [unit?.live, unit?.canary])).toEqual([
      ['s1', null],
      ['r1', null],
    ]);
    const live = promoteSet(liveOnOne(), { shell: 's2', seller: 'r2' }, at(3));
    const restored = rollBackSet(live, at(4));
    expect([restored.remotes.shell?.live, restored.remotes.seller?.live]).toEqual(['s1', 'r1']);
    expect(restored.remotes.shell?.history.at(-1)).toMatchObject({ action: 'rollback', from: 's2', to: 's1' });
    expect(latestSet(restored)?.members.sort()).toEqual(['seller', 'shell']);
  });

  it('rollback --set refuses when a member moved on since, and when no set was ever promoted', () => {
    const live = promoteSet(liveOnOne(), { shell: 's2', seller: 'r2' }, at(3));
    const movedOn = promoteLive(live, 'seller', 'r3', at(4));
    expect(() => rollBackSet(movedOn, at(5))).toThrow(/seller has changed since the set/);
    expect(() => rollBackSet(liveOnOne(), at(5))).toThrow(/no release set/);
    expect(() => promoteSet(liveOnOne(), { shell: 's2' }, at(3))).toThrow(/two members/);
  });
});

describe('the gate both ways: every combination a browser may get must fit', () => {
  it('a canary of one unit doubles the combinations; a set canary switches its members together', () => {
    const oneCanary = promoteCanary(liveOnOne(), 'seller', 'r1b', 10, at(3));
    expect(worldsOf(oneCanary, KEPT, ['shell', 'seller'])).toEqual([
      { shell: 's1', seller: 'r1' },
      { shell: 's1', seller: 'r1b' },
    ]);
    const setCanary = promoteSet(liveOnOne(), { shell: 's2', seller: 'r2' }, at(3), 50);
    expect(worldsOf(setCanary, KEPT, ['shell', 'seller'])).toEqual([
      { shell: 's1', seller: 'r1' },
      { shell: 's2', seller: 'r2' },
    ]);
  });

  it('a shell whose contract strands the live seller is refused, naming seller and the cause', () => {
    const before = liveOnOne();
    const after = promoteLive(before, 'shell', 's2', at(3));
    expect(strandedReleases(after, KEPT)).toEqual([
      'seller r1 on shell s2: it was built against @bookswap/contract 1.0.0; the shell provides 2.0.0',
      'seller r1 on shell s2: it needs @bookswap/contract ^1.0.0; the shell provides 2.0.0',
    ]);
    expect(() => refuseStranded(before, after, KEPT, 'shell s2')).toThrow(
      /shell s2 cannot go live: it would strand\n- seller r1 on shell s2: it was built against @bookswap\/contract 1\.0\.0/,
    );
  });

  it('the same shell with the seller built for it goes live as a set, live or as a canary', () => {
    const before = liveOnOne();
    const live = promoteSet(before, { shell: 's2', seller: 'r2' }, at(3));
    expect(refuseStranded(before, live, KEPT, 'the set')).toBe(live);
    const canary = promoteSet(before, { shell: 's2', seller: 'r2' }, at(3), 50);
    expect(refuseStranded(before, canary, KEPT, 'the set')).toBe(canary);
    // The same two as separate canaries could meet the other's live release: refused.
    const separate = promoteCanary(promoteCanary(before, 'shell', 's2', 50, at(3)), 'seller', 'r2', 50, at(4));
    expect(() => refuseStranded(before, separate, KEPT, 'two canaries')).toThrow(/seller r1 on shell s2/);
  });

  it('what was already wrong before the change is not blamed on it', () => {
    const forced: Registry = promoteLive(liveOnOne(), 'seller', 'r2', at(3));
    const next = promoteLive(forced, 'storefront', 'f1', at(4));
    expect(refuseStranded(forced, next, KEPT, 'storefront f1')).toBe(next);
  });
});
