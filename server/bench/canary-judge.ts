// `pnpm bench:canary-judge`: the automatic canary's judge (docs/decisions/026) in simulated rollouts. Each rollout
// starts a canary at 10 % (steps 10 → 50 → 100) and feeds `decideRollout` the counts a step gathers, a look every
// BENCH_CANARY_LOOK_LOADS canary page loads (50), both sides failing page loads at random at their rates. A/A
// rollouts (canary as good as live, at 0.5 % and 2 % failed page loads) must be rolled back in at most 1 %; a canary
// failing twice as often as live must be rolled back in at least 95 %. Prints each case's share, the median canary
// page loads to a decision, and exits 1 when a target is missed. Seeded, so a run repeats.
import type { RolloutState } from '@bookswap/shared/releases';
import { ROLLOUT_DEFAULTS, type RolloutSettings } from '../src/config';
import { decideRollout } from '../src/services/releases/rollout-decision';

const ROLLOUTS = Number(process.env.BENCH_CANARY_ROLLOUTS ?? 1000);
const LOOK_LOADS = Number(process.env.BENCH_CANARY_LOOK_LOADS ?? 50);
const SETTINGS: Omit<RolloutSettings, 'tickMs'> = {
  ...ROLLOUT_DEFAULTS,
  minLoads: Number(process.env.BENCH_CANARY_MIN_LOADS ?? ROLLOUT_DEFAULTS.minLoads),
};
const MAX_FALSE_ROLLBACKS = 0.01;
const MIN_CAUGHT = 0.95;

/** mulberry32: small, fast and seeded, so a run is repeatable. */
function seededRandom(seed: number): () => number {
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

interface RolloutResult {
  rolledBack: boolean;
  /** Canary page loads until the first step's decision. */
  loadsToDecision: number;
}

function simulateRollout(random: () => number, liveRate: number, canaryRate: number): RolloutResult {
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
    const canary = { pageLoads: 0, errors: 0 };
    const live = { pageLoads: 0, errors: 0 };
    const livePerCanary = (100 - rollout.percent) / rollout.percent;
    for (;;) {
      const liveLoads = Math.round(LOOK_LOADS * livePerCanary);
      canary.pageLoads += LOOK_LOADS;
      canary.errors += failures(random, LOOK_LOADS, canaryRate);
      live.pageLoads += liveLoads;
      live.errors += failures(random, liveLoads, liveRate);
      const decision = decideRollout(rollout, { canary, live }, SETTINGS, later);
      if (decision.kind === 'wait') continue;
      firstDecision ||= canary.pageLoads;
      if (decision.kind === 'rollback') return { rolledBack: true, loadsToDecision: firstDecision };
      if (decision.percent >= 100) return { rolledBack: false, loadsToDecision: firstDecision };
      rollout = { ...rollout, steps: rollout.steps.slice(1), percent: decision.percent };
      break;
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

interface Case {
  name: string;
  liveRate: number;
  canaryRate: number;
  /** Whether rolling back is the right answer. */
  worse: boolean;
}

const CASES: Case[] = [
  { name: 'A/A at 0.5 %', liveRate: 0.005, canaryRate: 0.005, worse: false },
  { name: 'A/A at 2 %', liveRate: 0.02, canaryRate: 0.02, worse: false },
  { name: '2 × live at 0.5 %', liveRate: 0.005, canaryRate: 0.01, worse: true },
  { name: '2 × live at 2 %', liveRate: 0.02, canaryRate: 0.04, worse: true },
];

let missed = false;
console.log(
  `${ROLLOUTS} rollouts a case, steps 10 → 50 → 100 %, a look every ${LOOK_LOADS} canary page loads, ` +
    `RELEASE_AUTO_MIN_LOADS ${SETTINGS.minLoads}, ratio ${SETTINGS.maxRatio}`,
);
CASES.forEach((judged, index) => {
  const random = seededRandom(2026 + index);
  const results = Array.from({ length: ROLLOUTS }, () => simulateRollout(random, judged.liveRate, judged.canaryRate));
  const rolledBack = results.filter((result) => result.rolledBack).length / ROLLOUTS;
  const target = judged.worse ? rolledBack >= MIN_CAUGHT : rolledBack <= MAX_FALSE_ROLLBACKS;
  missed ||= !target;
  const rollbackLoads = results.filter((result) => result.rolledBack).map((result) => result.loadsToDecision);
  console.log(
    `${judged.name.padEnd(18)} rolled back ${(rolledBack * 100).toFixed(1).padStart(5)} % ` +
      `(target ${judged.worse ? `≥ ${MIN_CAUGHT * 100}` : `≤ ${MAX_FALSE_ROLLBACKS * 100}`} %: ${target ? 'met' : 'MISSED'}), ` +
      `median canary page loads to the first decision ${median(results.map((result) => result.loadsToDecision))}` +
      (judged.worse && rollbackLoads.length > 0 ? `, to a rollback ${median(rollbackLoads)}` : ''),
  );
});
process.exitCode = missed ? 1 : 0;
