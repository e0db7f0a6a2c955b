import type { RolloutFigures, RolloutSideFigures, RolloutState } from '@bookswap/shared/releases';
import type { RolloutSettings } from '../../config';

/** A side's counts over the step's window, as the release-health counters sum them. */
export interface WindowCounts {
  pageLoads: number;
  /** Page loads that failed to load the remote or caught an error, each counted once. */
  errors: number;
}

export type RolloutDecision =
  | { kind: 'wait'; reason: string; figures: RolloutFigures }
  | { kind: 'rollback'; reason: string; figures: RolloutFigures }
  | { kind: 'advance'; percent: number; reason: string; figures: RolloutFigures };

/**
 * The chance, over a whole step, that a canary exactly as good as live is rolled back: the likelihood ratio below
 * is a test martingale when the canary fails as often as live, so it ever reaches 1 / this with at most this chance
 * however often it is looked at (Ville's inequality; docs/decisions/052).
 */
export const FALSE_ROLLBACK_CHANCE = 0.002;
/** The evidence that rolls a canary back: the log of 1 / FALSE_ROLLBACK_CHANCE. */
export const ROLLBACK_EVIDENCE = Math.log(1 / FALSE_ROLLBACK_CHANCE);
/**
 * Live's rate is judged at most this: a live failing more is an incident, not a baseline, and reports that only
 * claim live page loads failed cannot raise the bar a canary is held to beyond it.
 */
export const LIVE_RATE_CAP = 0.05;

/**
 * Canary page loads before a rollback may be decided: a tenth of a step's minimum, at least 1. Fewer than a step
 * needs, because a broken canary must not keep serving its share for a whole step; enough that a handful of
 * forged failures cannot decide (docs/decisions/042).
 */
export function rollbackMinLoads(settings: Pick<RolloutSettings, 'minLoads'>): number {
  return Math.max(1, Math.ceil(settings.minLoads / 10));
}

function sideFigures({ pageLoads, errors }: WindowCounts): RolloutSideFigures {
  const failed = Math.min(errors, pageLoads);
  return { pageLoads, errors: failed, errorRate: pageLoads > 0 ? failed / pageLoads : null };
}

/**
 * The two failure rates the test weighs: live's (the concurrent control) read one standard error high and held
 * between the lowest rate worth judging (`minAbsolute / maxRatio`) and LIVE_RATE_CAP, and the rate of a canary
 * `maxRatio` times as bad, which is the limit the figures show.
 */
export function judgedRates(
  live: RolloutSideFigures,
  settings: Pick<RolloutSettings, 'maxRatio' | 'minAbsolute'>,
): { control: number; limit: number } {
  const floor = settings.minAbsolute / settings.maxRatio;
  const rate = live.errorRate ?? 0;
  // One standard error over live's rate: a live that was lucky so far must not make an equally good canary look worse.
  const upper = live.pageLoads > 0 ? rate + Math.sqrt((rate * (1 - rate)) / live.pageLoads) : 0;
  const control = Math.min(LIVE_RATE_CAP, Math.max(floor, upper));
  return { control, limit: Math.min(0.99, control * settings.maxRatio) };
}

/**
 * The log-likelihood ratio of the canary's page loads: how much likelier its failures are if it fails at `limit`
 * than if it fails as live does (Wald's sequential probability ratio test, one-sided).
 */
export function canaryEvidence(canary: RolloutSideFigures, rates: { control: number; limit: number }): number {
  const { control, limit } = rates;
  const succeeded = canary.pageLoads - canary.errors;
  return canary.errors * Math.log(limit / control) + succeeded * Math.log((1 - limit) / (1 - control));
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
 * Rolled back as soon as the canary has `rollbackMinLoads` page loads and the evidence that it fails at the limit
 * rather than at live's rate reaches ROLLBACK_EVIDENCE; moved on once the step has its minimum of page loads and
 * minutes and its page loads favour live's rate (the evidence is below 0); else it waits (docs/decisions/052).
 */
export function decideRollout(
  rollout: RolloutState,
  counts: { canary: WindowCounts; live: WindowCounts },
  settings: Omit<RolloutSettings, 'tickMs'>,
  now: Date,
): RolloutDecision {
  const canary = sideFigures(counts.canary);
  const live = sideFigures(counts.live);
  const rates = judgedRates(live, settings);
  const figures: RolloutFigures = { canary, live, limit: rates.limit };
  const evidence = canaryEvidence(canary, rates);
  if (canary.pageLoads >= rollbackMinLoads(settings) && evidence >= ROLLBACK_EVIDENCE)
    return { kind: 'rollback', reason: `rolled back at ${rollout.percent} %: ${describe(figures)}`, figures };

  const minutes = (now.getTime() - Date.parse(rollout.stepStartedAt)) / 60_000;
  if (canary.pageLoads < settings.minLoads || minutes < settings.minMinutes) {
    const reason =
      `waiting at ${rollout.percent} % for ${settings.minLoads} page loads and ${settings.minMinutes} minutes ` +
      `(${canary.pageLoads} and ${Math.floor(minutes)} so far)`;
    return { kind: 'wait', reason, figures };
  }
  // Past the minimum, the page loads must favour live's rate over the limit's: an undecided step gathers more.
  if (evidence > 0)
    return { kind: 'wait', reason: `waiting at ${rollout.percent} % for clearer figures: ${describe(figures)}`, figures };
  const percent = rollout.steps[1] ?? 100;
  const to = percent >= 100 ? 'live for every browser' : `${percent} %`;
  return {
    kind: 'advance',
    percent,
    reason: `${to} after ${rollout.percent} %: ${describe(figures)}`,
    figures,
  };
}
