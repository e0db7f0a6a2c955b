import type { RolloutState } from '@bookswap/shared/releases';
import { ROLLOUT_DEFAULTS } from '../../config';
import { decideRollout, LIVE_RATE_CAP, rollbackMinLoads } from './rollout-decision';

const started = new Date('2026-11-25T12:00:00.000Z');
const rollout: RolloutState = {
  version: 'v2',
  steps: [10, 50, 100],
  percent: 10,
  stepStartedAt: started.toISOString(),
};
const minutesLater = (minutes: number) => new Date(started.getTime() + minutes * 60_000);
const decide = (
  canary: { pageLoads: number; errors: number },
  live: { pageLoads: number; errors: number },
  minutes = 11,
  state = rollout,
  settings = ROLLOUT_DEFAULTS,
) => decideRollout(state, { canary, live }, settings, minutesLater(minutes));
/** The short settings the browser drills and the API tests run with. */
const SMALL = { ...ROLLOUT_DEFAULTS, minLoads: 4, minMinutes: 0 };

describe('the automatic canary judges the step’s failed page loads against live’s', () => {
  it('moves on to the next step once the step has its page loads and minutes without evidence against it', () => {
    const decision = decide({ pageLoads: 8000, errors: 40 }, { pageLoads: 72_000, errors: 360 });
    expect(decision).toMatchObject({ kind: 'advance', percent: 50 });
    expect(decision.reason).toBe(
      '50 % after 10 %: canary 0.5 % errors (40 in 8000 page loads), live 0.5 % (360 in 72000), limit 1.1 %',
    );
    expect(decision.figures).toMatchObject({
      canary: { pageLoads: 8000, errors: 40, errorRate: 0.005 },
      live: { pageLoads: 72_000, errors: 360, errorRate: 0.005 },
    });
  });

  it('waits for the minimum of page loads, then for the minimum of minutes', () => {
    expect(decide({ pageLoads: 7999, errors: 0 }, { pageLoads: 72_000, errors: 0 })).toMatchObject({
      kind: 'wait',
      reason: 'waiting at 10 % for 8000 page loads and 10 minutes (7999 and 11 so far)',
    });
    expect(decide({ pageLoads: 9000, errors: 0 }, { pageLoads: 72_000, errors: 0 }, 9.5).kind).toBe('wait');
  });

  it('rolls back before the step’s minimum once the canary clearly fails more often than live', () => {
    expect(rollbackMinLoads(ROLLOUT_DEFAULTS)).toBe(800);
    const decision = decide({ pageLoads: 800, errors: 40 }, { pageLoads: 7200, errors: 36 }, 1);
    expect(decision.kind).toBe('rollback');
    expect(decision.reason).toMatch(/^rolled back at 10 %: canary 5\.0 % errors \(40 in 800 page loads\), live 0\.5 %/);
  });

  it('does not roll back a canary as good as live, nor one only a little worse than the limit asks', () => {
    expect(decide({ pageLoads: 8000, errors: 160 }, { pageLoads: 72_000, errors: 1440 }).kind).toBe('advance');
    expect(decide({ pageLoads: 8000, errors: 48 }, { pageLoads: 72_000, errors: 360 }).kind).toBe('advance');
    expect(decide({ pageLoads: 8000, errors: 90 }, { pageLoads: 72_000, errors: 360 }).kind).toBe('rollback');
  });

  it('does not roll back on fewer page loads than its minimum: 25 forged manifest failures decide nothing', () => {
    expect(decide({ pageLoads: 25, errors: 25 }, { pageLoads: 0, errors: 0 }, 1).kind).toBe('wait');
    expect(decide({ pageLoads: 799, errors: 799 }, { pageLoads: 7200, errors: 0 }, 1).kind).toBe('wait');
  });

  it('never moves on a canary failing every page load, however many failures are claimed for live', () => {
    // Live flooded to 50 % (or more errors than page loads): judged at the cap, so the canary stays far above it.
    for (const live of [
      { pageLoads: 600, errors: 300 },
      { pageLoads: 600, errors: 6000 },
    ]) {
      const small = decide({ pageLoads: 300, errors: 300 }, live, 11, rollout, { ...SMALL, minLoads: 300 });
      expect(small.kind).toBe('rollback');
      expect(small.figures.limit).toBe(LIVE_RATE_CAP * 2);
      expect(decide({ pageLoads: 300, errors: 300 }, live).kind).toBe('wait');
    }
  });

  it('judges live without page loads, or without errors, at half a point, so the limit is 1 %', () => {
    const decision = decide({ pageLoads: 8000, errors: 40 }, { pageLoads: 0, errors: 0 });
    expect(decision).toMatchObject({ kind: 'advance', figures: { limit: 0.01 } });
    expect(decide({ pageLoads: 4, errors: 0 }, { pageLoads: 10, errors: 0 }, 0, rollout, SMALL)).toMatchObject({
      kind: 'advance',
      figures: { limit: 0.01 },
    });
  });

  it('with the drills’ short settings, a canary failing every page load is rolled back after a handful', () => {
    expect(decide({ pageLoads: 8, errors: 8 }, { pageLoads: 8, errors: 0 }, 0, rollout, SMALL).kind).toBe('wait');
    expect(decide({ pageLoads: 9, errors: 9 }, { pageLoads: 9, errors: 0 }, 0, rollout, SMALL).kind).toBe('rollback');
  });

  it('at the last step, moving on means live for every browser', () => {
    const last: RolloutState = { ...rollout, steps: [50, 100], percent: 50 };
    const decision = decide({ pageLoads: 8000, errors: 0 }, { pageLoads: 8000, errors: 0 }, 11, last);
    expect(decision).toMatchObject({ kind: 'advance', percent: 100 });
    expect(decision.reason).toMatch(/^live for every browser after 50 %: /);
  });
});
