import type { RolloutState } from '@bookswap/shared/releases';
import { ROLLOUT_DEFAULTS } from '../../config';
import { decideRollout, rollbackMinLoads } from './rollout-decision';

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
) => decideRollout(state, { canary, live }, ROLLOUT_DEFAULTS, minutesLater(minutes));

describe('the automatic canary decides from the error rates of the step', () => {
  it('moves on to the next step once the step has its page loads and minutes and is no worse than live', () => {
    const decision = decide({ pageLoads: 200, errors: 2 }, { pageLoads: 1800, errors: 18 });
    expect(decision).toMatchObject({ kind: 'advance', percent: 50 });
    expect(decision.reason).toBe(
      '50 % after 10 %: canary 1.0 % errors (2 in 200 page loads), live 1.0 % (18 in 1800), limit 2.0 %',
    );
    expect(decision.figures).toEqual({
      canary: { pageLoads: 200, errors: 2, errorRate: 0.01 },
      live: { pageLoads: 1800, errors: 18, errorRate: 0.01 },
      limit: 0.02,
    });
  });

  it('waits for the minimum of page loads, then for the minimum of minutes', () => {
    expect(decide({ pageLoads: 199, errors: 0 }, { pageLoads: 2000, errors: 0 })).toMatchObject({
      kind: 'wait',
      reason: 'waiting at 10 % for 200 page loads and 10 minutes (199 and 11 so far)',
    });
    expect(decide({ pageLoads: 500, errors: 0 }, { pageLoads: 2000, errors: 0 }, 9.5).kind).toBe('wait');
  });

  it('rolls back at once, before the step’s minimum, when the canary is above twice live’s rate and 1 point over it', () => {
    expect(rollbackMinLoads(ROLLOUT_DEFAULTS)).toBe(20);
    const decision = decide({ pageLoads: 20, errors: 4 }, { pageLoads: 400, errors: 4 }, 1);
    expect(decision.kind).toBe('rollback');
    expect(decision.reason).toBe(
      'rolled back at 10 %: canary 20.0 % errors (4 in 20 page loads), live 1.0 % (4 in 400), limit 2.0 %',
    );
  });

  it('needs both margins: 1 point over a tiny live rate, twice a large one', () => {
    // live 0.1 %: the limit is 1.1 % (the absolute margin), not 0.2 %
    expect(decide({ pageLoads: 1000, errors: 10 }, { pageLoads: 1000, errors: 1 }).kind).toBe('advance');
    expect(decide({ pageLoads: 1000, errors: 12 }, { pageLoads: 1000, errors: 1 }).kind).toBe('rollback');
    // live 5 %: the limit is 10 % (twice), not 6 %
    expect(decide({ pageLoads: 1000, errors: 90 }, { pageLoads: 1000, errors: 50 }).kind).toBe('advance');
    expect(decide({ pageLoads: 1000, errors: 101 }, { pageLoads: 1000, errors: 50 }).kind).toBe('rollback');
  });

  it('does not roll back on fewer page loads than its minimum, whatever they say', () => {
    expect(decide({ pageLoads: 19, errors: 19 }, { pageLoads: 400, errors: 0 }, 1).kind).toBe('wait');
  });

  it('counts live without page loads as 0 % and a canary page load that threw many times as one error', () => {
    expect(decide({ pageLoads: 200, errors: 1 }, { pageLoads: 0, errors: 0 }).kind).toBe('advance');
    const decision = decide({ pageLoads: 20, errors: 60 }, { pageLoads: 0, errors: 0 }, 1);
    expect(decision.figures.canary.errorRate).toBe(1);
    expect(decision.kind).toBe('rollback');
  });

  it('at the last step, moving on means live for every browser', () => {
    const last: RolloutState = { ...rollout, steps: [50, 100], percent: 50 };
    const decision = decide({ pageLoads: 300, errors: 0 }, { pageLoads: 300, errors: 0 }, 11, last);
    expect(decision).toMatchObject({ kind: 'advance', percent: 100 });
    expect(decision.reason).toMatch(/^live for every browser after 50 %: /);
  });
});
