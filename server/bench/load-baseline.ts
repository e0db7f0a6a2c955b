// `BENCH_BASELINE=<git ref> pnpm bench:load`: this tree's buyer journey against the baseline commit's. Each tree
// runs its own bench:load (its own bench, server, migrations and database), BENCH_ROUNDS rounds (4), each round's
// two runs back to back and the first of them alternating. This 2-core machine's speed drifts between runs by more
// than the difference asked about (docs/benchmarks.md), so the change is taken per round and the figure is the
// median of the rounds' changes, as `bench:api`'s baseline comparison does. Both runs leave out bench:load's
// saved-search listings unless BENCH_ALERT_EVERY_SECONDS is set: a baseline from before them lists none.
// Writes reports/bench-load-baseline.json.
import { spawn } from 'node:child_process';
import path from 'node:path';
import fs from 'node:fs';
import { median } from './baseline-comparison';
import { checkOutBaseline } from './baseline-tree';
import { REPO_ROOT, round1 } from './bench-setup';
import { writeBenchReport } from './journey-run';

/** What the comparison reads of one run's reports/bench-load.json. */
export interface LoadRun {
  requestsPerSecond: number;
  steps: { step: string; p50: number; p95: number; errors: number }[];
}

export interface LoadRound {
  baselineFirst: boolean;
  baseline: LoadRun;
  tree: LoadRun;
}

export interface LoadComparison {
  /** Each round's change in requests a second, this tree against the baseline (0.05 is 5 % more). */
  changes: number[];
  medianChange: number;
  /** The change of the rounds' summed requests a second. */
  sumChange: number;
  /** Per step, each side's median p50 and p95 over the rounds (ms). */
  steps: { step: string; baseline: { p50: number; p95: number }; tree: { p50: number; p95: number } }[];
}

export function loadComparison(rounds: LoadRound[]): LoadComparison {
  const changes = rounds.map((round) => round.tree.requestsPerSecond / round.baseline.requestsPerSecond - 1);
  const sum = (side: 'baseline' | 'tree') => rounds.reduce((n, round) => n + round[side].requestsPerSecond, 0);
  const stepNames = [...new Set(rounds.flatMap((round) => round.tree.steps.map((step) => step.step)))];
  const medians = (side: 'baseline' | 'tree', name: string) => {
    const runs = rounds.flatMap((round) => round[side].steps.filter((step) => step.step === name));
    return { p50: median(runs.map((step) => step.p50)), p95: median(runs.map((step) => step.p95)) };
  };
  return {
    changes,
    medianChange: median(changes),
    sumChange: sum('tree') / sum('baseline') - 1,
    steps: stepNames.map((step) => ({ step, baseline: medians('baseline', step), tree: medians('tree', step) })),
  };
}

const percent = (change: number) => `${change > 0 ? '+' : ''}${round1(change * 100)} %`;

/** The rounds, the steps' medians and the two summary figures, as docs/benchmarks-history.md's entries quote them. */
export function loadComparisonTable(rounds: LoadRound[]): string {
  const comparison = loadComparison(rounds);
  const lines = [
    '| round | first | baseline req/s | this tree req/s | change |',
    '|---:|---|---:|---:|---:|',
    ...rounds.map(
      (round, i) =>
        `| ${i + 1} | ${round.baselineFirst ? 'baseline' : 'this tree'} | ${round.baseline.requestsPerSecond} | ` +
        `${round.tree.requestsPerSecond} | ${percent(comparison.changes[i]!)} |`,
    ),
    '',
    '| step | baseline p50 | this tree p50 | baseline p95 | this tree p95 |',
    '|---|---:|---:|---:|---:|',
    ...comparison.steps.map(
      ({ step, baseline, tree }) =>
        `| ${step} | ${round1(baseline.p50)} ms | ${round1(tree.p50)} ms | ${round1(baseline.p95)} ms | ${round1(tree.p95)} ms |`,
    ),
    '',
    `requests a second, this tree against the baseline: ${percent(comparison.medianChange)} (median of the ` +
      `rounds' changes), ${percent(comparison.sumChange)} (the rounds' sums)`,
  ];
  return lines.join('\n');
}

/** One whole bench:load of the tree whose server folder is `serverDir`, as that tree's own bench runs it. */
async function runTreeBench(serverDir: string): Promise<LoadRun> {
  const reportFile = path.join(serverDir, '..', 'reports', 'bench-load.json');
  fs.rmSync(reportFile, { force: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    BENCH_ALERT_EVERY_SECONDS: process.env.BENCH_ALERT_EVERY_SECONDS ?? String(100_000_000),
  };
  delete env.BENCH_BASELINE;
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/load-test.ts'], {
      cwd: serverDir,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', resolve);
  });
  // A run that lost or doubled a booking measured a broken server: no figure of it is compared.
  if (code !== 0) throw new Error(`bench:load in ${serverDir} failed (exit ${code}); see its output above`);
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as LoadRun;
  return { requestsPerSecond: report.requestsPerSecond, steps: report.steps };
}

export async function compareLoadWithBaseline(ref: string, rounds: number): Promise<void> {
  const started = Date.now();
  // Each run makes its own database from its own migrations, so a baseline with other tables is still comparable.
  const baseline = checkOutBaseline(ref, { sameMigrations: false });
  const treeDir = path.join(REPO_ROOT, 'server');
  const measured: LoadRound[] = [];
  try {
    for (let i = 0; i < rounds; i++) {
      const baselineFirst = i % 2 === 0;
      console.log(
        `\nround ${i + 1} of ${rounds}: ${baselineFirst ? 'the baseline, then this tree' : 'this tree, then the baseline'}`,
      );
      if (baselineFirst) {
        const baselineRun = await runTreeBench(baseline.serverDir);
        measured.push({ baselineFirst, baseline: baselineRun, tree: await runTreeBench(treeDir) });
      } else {
        const treeRun = await runTreeBench(treeDir);
        measured.push({ baselineFirst, baseline: await runTreeBench(baseline.serverDir), tree: treeRun });
      }
    }
  } finally {
    baseline.remove();
  }
  const report = path.join(REPO_ROOT, 'reports', 'bench-load-baseline.json');
  writeBenchReport(report, {
    baseline: { ref, commit: baseline.commit },
    rounds: measured,
    ...loadComparison(measured),
  });
  console.log(`\nbench:load, this tree against ${ref} (${baseline.commit.slice(0, 7)}), ${rounds} rounds\n`);
  console.log(loadComparisonTable(measured));
  console.log(`\nwrote ${path.relative(REPO_ROOT, report)} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
