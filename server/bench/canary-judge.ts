// `pnpm bench:canary-judge`: the automatic canary's judge (docs/decisions/026) in simulated rollouts. Each rollout
// starts a canary at 10 % (steps 10 → 50 → 100) and feeds `decideRollout` the counts a step gathers, a look every
// BENCH_CANARY_LOOK_LOADS canary page loads (50), both sides failing page loads at random at their rates. A/A
// rollouts (canary as good as live, at 0.5 % and 2 % failed page loads) must be rolled back in at most 1 %; a canary
// failing twice as often as live must be rolled back in at least 95 %. Two more cases are one address's forgeries
// (docs/decisions/042), at most its share per step reaching the judge (TELEMETRY_PAGE_LOADS_PER_ADDRESS and
// _ERRORS_): 600 forged canary page loads with 15 errors each step must not roll back an A/A canary (at most 1 %),
// and 20,000 forged healthy ones must not move on a canary failing 12 % of its page loads (rolled back in at least
// 99 %). Prints each case's share, the median honest canary page loads to a decision, and exits 1 when a target is
// missed. Seeded, so a run repeats.
import { ROLLOUT_DEFAULTS, TELEMETRY_DEFAULTS, type RolloutSettings } from '../src/config';
import { oneAddressShare, simulateRollouts, type Forged } from '../src/testing/rollout-simulation';

const ROLLOUTS = Number(process.env.BENCH_CANARY_ROLLOUTS ?? 1000);
const LOOK_LOADS = Number(process.env.BENCH_CANARY_LOOK_LOADS ?? 50);
const SETTINGS: Omit<RolloutSettings, 'tickMs'> = {
  ...ROLLOUT_DEFAULTS,
  minLoads: Number(process.env.BENCH_CANARY_MIN_LOADS ?? ROLLOUT_DEFAULTS.minLoads),
};
const MAX_FALSE_ROLLBACKS = 0.01;
const MIN_CAUGHT = 0.95;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

interface Case {
  name: string;
  liveRate: number;
  canaryRate: number;
  /** Whether rolling back is the right answer. */
  worse: boolean;
  /** What one address adds to each step, as the API counts it. */
  forged?: Forged;
  /** The share of rollouts rolled back it must reach, when rolling back is right. */
  minCaught?: number;
}

const noLive = { pageLoads: 0, errors: 0 };
const CASES: Case[] = [
  { name: 'A/A at 0.5 %', liveRate: 0.005, canaryRate: 0.005, worse: false },
  { name: 'A/A at 2 %', liveRate: 0.02, canaryRate: 0.02, worse: false },
  { name: '2 × live at 0.5 %', liveRate: 0.005, canaryRate: 0.01, worse: true },
  { name: '2 × live at 2 %', liveRate: 0.02, canaryRate: 0.04, worse: true },
  {
    name: 'A/A 0.5 % + 1 addr',
    liveRate: 0.005,
    canaryRate: 0.005,
    worse: false,
    forged: { canary: oneAddressShare({ pageLoads: 600, errors: 15 }, TELEMETRY_DEFAULTS), live: noLive },
  },
  {
    name: '12 % + 1 addr',
    liveRate: 0.005,
    canaryRate: 0.12,
    worse: true,
    minCaught: 0.99,
    forged: { canary: oneAddressShare({ pageLoads: 20_000, errors: 0 }, TELEMETRY_DEFAULTS), live: noLive },
  },
];

let missed = false;
console.log(
  `${ROLLOUTS} rollouts a case, steps 10 → 50 → 100 %, a look every ${LOOK_LOADS} canary page loads, ` +
    `RELEASE_AUTO_MIN_LOADS ${SETTINGS.minLoads}, ratio ${SETTINGS.maxRatio}`,
);
CASES.forEach((judged, index) => {
  const { rolledBack, results } = simulateRollouts(
    2026 + index,
    ROLLOUTS,
    { live: judged.liveRate, canary: judged.canaryRate },
    SETTINGS,
    { lookLoads: LOOK_LOADS, forged: judged.forged },
  );
  const minCaught = judged.minCaught ?? MIN_CAUGHT;
  const target = judged.worse ? rolledBack >= minCaught : rolledBack <= MAX_FALSE_ROLLBACKS;
  missed ||= !target;
  const rollbackLoads = results.filter((result) => result.rolledBack).map((result) => result.loadsToDecision);
  console.log(
    `${judged.name.padEnd(18)} rolled back ${(rolledBack * 100).toFixed(1).padStart(5)} % ` +
      `(target ${judged.worse ? `≥ ${minCaught * 100}` : `≤ ${MAX_FALSE_ROLLBACKS * 100}`} %: ${target ? 'met' : 'MISSED'}), ` +
      `median canary page loads to the first decision ${median(results.map((result) => result.loadsToDecision))}` +
      (judged.worse && rollbackLoads.length > 0 ? `, to a rollback ${median(rollbackLoads)}` : ''),
  );
});
console.log(
  `one address: at most ${TELEMETRY_DEFAULTS.pageLoadsPerAddress} page loads and ${TELEMETRY_DEFAULTS.errorsPerAddress} ` +
    'errors per unit and step reach the judge (TELEMETRY_PAGE_LOADS_PER_ADDRESS, TELEMETRY_ERRORS_PER_ADDRESS)',
);
process.exitCode = missed ? 1 : 0;
