import type { RolloutState } from '@bookswap/shared/releases';
import type { RolloutSettings, TelemetrySettings } from '../config';
import { decideRollout, type WindowCounts } from '../services/releases/rollout-decision';

/**
 * Simulated rollouts through `decideRollout` (docs/decisions/026, 042): `pnpm bench:canary-judge` and the forged
 * page-load tests. Each starts a canary at 10 % (steps 10 → 50 → 100) and feeds the judge the counts a step gathers,
 * a look every `lookLoads` canary page loads, both sides failing page loads at random at their rates; `forged`, what
 * one address adds to each step on top (as it gets through the API), arrives at the step's first look.
 */

/** mulberry32: small, fast and seeded, so a run is repeatable. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Failures among `trials` page loads failing at `rate`: skips from one failure to the next (geometric gaps). */
function failures(random: () => number, trials: number, rate: number): number {
  if (rate <= 0) return 0;
  const logMiss = Math.log(1 - rate);
  let count = 0;
  let position = Math.floor(Math.log(1 - random()) / logMiss);
  while (position < trials) {
    count++;
    position += 1 + Math.floor(Math.log(1 - random()) / logMiss);
  }
  return count;
}

export interface RolloutResult {
  rolledBack: boolean;
  /** Canary page loads until the first step's decision. */
  loadsToDecision: number;
}

/** What one address adds to each side in each step. */
export interface Forged {
  canary: WindowCounts;
  live: WindowCounts;
}

const NONE: Forged = { canary: { pageLoads: 0, errors: 0 }, live: { pageLoads: 0, errors: 0 } };

export function simulateRollout(
  random: () => number,
  rates: { live: number; canary: number },
  settings: Omit<RolloutSettings, 'tickMs'>,
  { lookLoads = 50, forged = NONE }: { lookLoads?: number; forged?: Forged } = {},
): RolloutResult {
  const started = new Date('2026-11-25T12:00:00.000Z');
  // Minutes do not limit the simulation: every look is past the step's minimum of minutes.
  const later = new Date(started.getTime() + 24 * 60 * 60_000);
  let rollout: RolloutState = {
    version: 'v2',
    steps: [10, 50, 100],
    percent: 10,
    stepStartedAt: started.toISOString(),
  };
  let firstDecision = 0;
  for (;;) {
    const canary = { ...forged.canary };
    const live = { ...forged.live };
    // The honest page loads, which the decision's "loads to a decision" counts.
    let honest = 0;
    const livePerCanary = (100 - rollout.percent) / rollout.percent;
    for (;;) {
      const liveLoads = Math.round(lookLoads * livePerCanary);
      honest += lookLoads;
      canary.pageLoads += lookLoads;
      canary.errors += failures(random, lookLoads, rates.canary);
      live.pageLoads += liveLoads;
      live.errors += failures(random, liveLoads, rates.live);
      const decision = decideRollout(rollout, { canary, live }, settings, later);
      if (decision.kind === 'wait') continue;
      firstDecision ||= honest;
      if (decision.kind === 'rollback') return { rolledBack: true, loadsToDecision: firstDecision };
      if (decision.percent >= 100) return { rolledBack: false, loadsToDecision: firstDecision };
      rollout = { ...rollout, steps: rollout.steps.slice(1), percent: decision.percent };
      break;
    }
  }
}

/** The share of `rollouts` seeded rollouts rolled back, and each one's result. */
export function simulateRollouts(
  seed: number,
  rollouts: number,
  rates: { live: number; canary: number },
  settings: Omit<RolloutSettings, 'tickMs'>,
  options: { lookLoads?: number; forged?: Forged } = {},
): { rolledBack: number; results: RolloutResult[] } {
  const random = seededRandom(seed);
  const results = Array.from({ length: rollouts }, () => simulateRollout(random, rates, settings, options));
  return { rolledBack: results.filter((result) => result.rolledBack).length / rollouts, results };
}

/**
 * What one address's forged page loads and errors for one side come to once the API has counted them: at most its
 * share per step (TELEMETRY_PAGE_LOADS_PER_ADDRESS and _ERRORS_, docs/decisions/042), an error only with its load.
 */
export function oneAddressShare(
  asked: WindowCounts,
  shares: Pick<TelemetrySettings, 'pageLoadsPerAddress' | 'errorsPerAddress'>,
): WindowCounts {
  const pageLoads = Math.min(asked.pageLoads, shares.pageLoadsPerAddress);
  return { pageLoads, errors: Math.min(asked.errors, pageLoads, shares.errorsPerAddress) };
}
