import type { RolloutFigures, RolloutSideFigures, RolloutState } from '@bookswap/shared/releases';
import type { RolloutSettings } from '../../config';

/** A side's counts over the step's window, as the release-health counters sum them. */
export interface WindowCounts {
  pageLoads: number;
  /** Load failures plus caught errors. */
  errors: number;
}

export type RolloutDecision =
  | { kind: 'wait'; reason: string; figures: RolloutFigures }
  | { kind: 'rollback'; reason: string; figures: RolloutFigures }
  | { kind: 'advance'; percent: number; reason: string; figures: RolloutFigures };

/**
 * Canary page loads before a rollback may be decided: a tenth of a step's minimum (20 by default), at least 1.
 * Fewer than a step needs, because a broken canary must not keep serving its share for a whole step; enough that a
 * single unlucky load among the first few does not decide (docs/decisions/026).
 */
export function rollbackMinLoads(settings: Pick<RolloutSettings, 'minLoads'>): number {
  return Math.max(1, Math.ceil(settings.minLoads / 10));
}

/** A rate counts one error per page load at most: a page that threw three times is one bad page load. */
function sideFigures({ pageLoads, errors }: WindowCounts): RolloutSideFigures {
  return { pageLoads, errors, errorRate: pageLoads > 0 ? Math.min(1, errors / pageLoads) : null };
}

const percentText = (rate: number | null) => (rate === null ? 'n/a' : `${(rate * 100).toFixed(1)} %`);

function describe(figures: RolloutFigures): string {
  const { canary, live, limit } = figures;
  return (
    `canary ${percentText(canary.errorRate)} errors (${canary.errors} in ${canary.pageLoads} page loads), ` +
    `live ${percentText(live.errorRate)} (${live.errors} in ${live.pageLoads}), limit ${percentText(limit)}`
  );
}

/**
 * One look at a running rollout (pure: the worker gathers the counts since the step began and applies the answer).
 * Rolled back at once when the canary's error rate is above max(live × ratio, live + absolute) with at least
 * `rollbackMinLoads` page loads; moved on to the next step once the step has its minimum of page loads and minutes
 * and the canary is not above that limit; else it waits. Live without page loads in the window counts as 0 %.
 */
export function decideRollout(
  rollout: RolloutState,
  counts: { canary: WindowCounts; live: WindowCounts },
  settings: Omit<RolloutSettings, 'tickMs'>,
  now: Date,
): RolloutDecision {
  const canary = sideFigures(counts.canary);
  const live = sideFigures(counts.live);
  const liveRate = live.errorRate ?? 0;
  const limit = Math.max(liveRate * settings.maxRatio, liveRate + settings.minAbsolute);
  const figures: RolloutFigures = { canary, live, limit };
  const canaryRate = canary.errorRate ?? 0;
  if (canary.pageLoads >= rollbackMinLoads(settings) && canaryRate > limit)
    return { kind: 'rollback', reason: `rolled back at ${rollout.percent} %: ${describe(figures)}`, figures };

  const minutes = (now.getTime() - Date.parse(rollout.stepStartedAt)) / 60_000;
  if (canary.pageLoads < settings.minLoads || minutes < settings.minMinutes) {
    const reason =
      `waiting at ${rollout.percent} % for ${settings.minLoads} page loads and ${settings.minMinutes} minutes ` +
      `(${canary.pageLoads} and ${Math.floor(minutes)} so far)`;
    return { kind: 'wait', reason, figures };
  }
  const percent = rollout.steps[1] ?? 100;
  const to = percent >= 100 ? 'live for every browser' : `${percent} %`;
  return {
    kind: 'advance',
    percent,
    reason: `${to} after ${rollout.percent} %: ${describe(figures)}`,
    figures,
  };
}
