import type { Registry } from './release-store.mts';
import {
  advanceRollout,
  liveLine,
  promoteCanary,
  promoteLive,
  ReleaseRefusal,
  rollBack,
  startRollout,
  type ChangeContext,
} from '@bookswap/shared/releases';

const at = (minute: number): ChangeContext => ({
  command: `pnpm release … (minute ${minute})`,
  now: new Date(Date.UTC(2026, 10, 24, 12, minute)),
});
const empty = (): Registry => ({ remotes: { seller: { live: null, canary: null, history: [] } } });

/** v1, v2, … promoted live one minute apart. */
const promotedInTurn = (...versions: string[]) =>
  versions.reduce((registry, version, index) => promoteLive(registry, 'seller', version, at(index + 1)), empty());

describe('promote, canary and rollback as the release registry records them', () => {
  it('a promote makes a version live and records when, from what and by which command', () => {
    const registry = promoteLive(promoteLive(empty(), 'seller', 'v1', at(1)), 'seller', 'v2', at(2));
    expect(registry.remotes.seller).toEqual({
      live: 'v2',
      canary: null,
      history: [
        {
          at: '2026-11-24T12:01:00.000Z',
          action: 'promote',
          from: null,
          to: 'v1',
          command: 'pnpm release … (minute 1)',
        },
        {
          at: '2026-11-24T12:02:00.000Z',
          action: 'promote',
          from: 'v1',
          to: 'v2',
          command: 'pnpm release … (minute 2)',
        },
      ],
    });
  });

  it('promoting the live version again is refused', () => {
    const registry = promoteLive(empty(), 'seller', 'v1', at(1));
    expect(() => promoteLive(registry, 'seller', 'v1', at(2))).toThrow(ReleaseRefusal);
  });

  it('a canary keeps live and needs a whole percentage from 1 to 99', () => {
    const live = promoteLive(empty(), 'seller', 'v1', at(1));
    const canary = promoteCanary(live, 'seller', 'v2', 25, at(2));
    expect(canary.remotes.seller?.live).toBe('v1');
    expect(canary.remotes.seller?.canary).toEqual({ version: 'v2', percent: 25 });
    expect(canary.remotes.seller?.history.at(-1)).toMatchObject({
      action: 'canary',
      from: 'v1',
      to: 'v2',
      percent: 25,
    });
    for (const percent of [0, 100, 12.5, Number.NaN])
      expect(() => promoteCanary(live, 'seller', 'v2', percent, at(2))).toThrow(/1 to 99/);
    expect(() => promoteCanary(empty(), 'seller', 'v2', 10, at(2))).toThrow(/no live release/);
  });

  it('promoting the canary to live ends it', () => {
    const canary = promoteCanary(promoteLive(empty(), 'seller', 'v1', at(1)), 'seller', 'v2', 10, at(2));
    expect(promoteLive(canary, 'seller', 'v2', at(3)).remotes.seller).toMatchObject({ live: 'v2', canary: null });
  });

  it('a rollback during a canary ends the canary and leaves live alone', () => {
    const canary = promoteCanary(promoteLive(empty(), 'seller', 'v1', at(1)), 'seller', 'v2', 50, at(2));
    const rolled = rollBack(canary, 'seller', at(3));
    expect(rolled.remotes.seller).toMatchObject({ live: 'v1', canary: null });
    expect(rolled.remotes.seller?.history.at(-1)).toMatchObject({ action: 'canary-rollback', from: 'v2', to: 'v1' });
  });

  it('rolling back twice goes two steps back, not back and forth', () => {
    let registry = promotedInTurn('v1', 'v2', 'v3');
    registry = rollBack(registry, 'seller', at(4));
    expect(registry.remotes.seller?.live).toBe('v2');
    registry = rollBack(registry, 'seller', at(5));
    expect(registry.remotes.seller?.live).toBe('v1');
    expect(() => rollBack(registry, 'seller', at(6))).toThrow(/no earlier live release/);
  });

  it('a rollback --to names any earlier release', () => {
    let registry = promotedInTurn('v1', 'v2', 'v3');
    registry = rollBack(registry, 'seller', at(4), 'v1');
    expect(registry.remotes.seller?.live).toBe('v1');
    expect(liveLine(registry.remotes.seller?.history ?? [])).toEqual(['v1']);
  });
});

describe('an automatic rollout (--auto) in the registry', () => {
  it('starts as a canary with its steps, moves on step by step, and is live at 100 %', () => {
    let registry = startRollout(promotedInTurn('v1'), 'seller', 'v2', 10, at(2));
    expect(registry.remotes.seller).toMatchObject({
      canary: { version: 'v2', percent: 10 },
      rollout: { version: 'v2', steps: [10, 50, 100], percent: 10, stepStartedAt: '2026-11-24T12:02:00.000Z' },
    });
    registry = advanceRollout(registry, 'seller', { ...at(3), reason: 'healthy' });
    expect(registry.remotes.seller).toMatchObject({
      canary: { version: 'v2', percent: 50 },
      rollout: { steps: [50, 100], percent: 50, stepStartedAt: '2026-11-24T12:03:00.000Z' },
    });
    expect(registry.remotes.seller?.history.at(-1)).toMatchObject({ action: 'canary', percent: 50, reason: 'healthy' });
    registry = advanceRollout(registry, 'seller', at(4));
    expect(registry.remotes.seller).toEqual(expect.objectContaining({ live: 'v2', canary: null }));
    expect(registry.remotes.seller?.rollout).toBeUndefined();
    expect(liveLine(registry.remotes.seller?.history ?? [])).toEqual(['v1', 'v2']);
  });

  it('starts at 50 % or more with one step left', () => {
    expect(startRollout(promotedInTurn('v1'), 'seller', 'v2', 60, at(2)).remotes.seller?.rollout?.steps).toEqual([
      60, 100,
    ]);
  });

  it('ends when a person promotes, canaries or rolls back by hand', () => {
    const rolling = startRollout(promotedInTurn('v1'), 'seller', 'v2', 10, at(2));
    for (const byHand of [
      promoteLive(rolling, 'seller', 'v2', at(3)),
      promoteCanary(rolling, 'seller', 'v2', 30, at(3)),
      rollBack(rolling, 'seller', at(3)),
    ])
      expect(byHand.remotes.seller?.rollout).toBeUndefined();
    expect(() => advanceRollout(promotedInTurn('v1'), 'seller', at(3))).toThrow(ReleaseRefusal);
  });
});
