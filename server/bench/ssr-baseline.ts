// `BENCH_BASELINE=<git ref> pnpm bench:ssr`: this tree's static, cached and uncached cases against the baseline
// commit's, side by side. The baseline is a worktree of that commit with every package installed and its shell and
// storefront built; each tree then runs its own bench:ssr (its own shell server, render entries, API and database),
// BENCH_ROUNDS rounds (4), each round's two runs back to back and the first of them alternating: this 2-core
// machine's speed moves between runs by more than the difference asked about (docs/benchmarks.md), so the change is
// taken per round and the figure is the median of the rounds' changes. Build this tree first
// (`node scripts/build-all.mjs shell storefront`). Writes reports/bench-ssr-baseline.json.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { median } from './baseline-comparison';
import { checkOutBaseline } from './baseline-tree';
import { REPO_ROOT, round1 } from './bench-setup';

/** The capacity cases compared: the flood and the render alone are this tree's own questions. */
const COMPARED_CASES = 'static,cached,uncached';

interface SsrCase {
  name: string;
  requestsPerSecond: number;
  p95: number;
}

interface SsrRound {
  baselineFirst: boolean;
  baseline: SsrCase[];
  tree: SsrCase[];
}

/** One whole bench:ssr of the tree at `root`, as that tree's own bench runs it. */
async function runTreeBench(root: string): Promise<SsrCase[]> {
  const reportFile = path.join(root, 'reports', 'bench-ssr.json');
  fs.rmSync(reportFile, { force: true });
  const env: NodeJS.ProcessEnv = { ...process.env, BENCH_SSR_CASES: COMPARED_CASES };
  delete env.BENCH_BASELINE;
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/ssr-bench.ts'], {
      cwd: path.join(root, 'server'),
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`bench:ssr in ${root} failed (exit ${code}); see its output above`);
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as { results: SsrCase[] };
  return report.results.map(({ name, requestsPerSecond, p95 }) => ({ name, requestsPerSecond, p95 }));
}

const percent = (change: number) => `${change > 0 ? '+' : ''}${round1(change * 100)} %`;

/** Per case: each round's change in pages a second, their median, and each side's median p95. */
export function ssrComparison(rounds: SsrRound[]) {
  const names = [...new Set(rounds.flatMap((round) => round.tree.map((run) => run.name)))];
  const of = (side: SsrCase[], name: string) => side.find((run) => run.name === name);
  return names.map((name) => {
    const pairs = rounds.flatMap((round) => {
      const [baseline, tree] = [of(round.baseline, name), of(round.tree, name)];
      return baseline && tree ? [{ baseline, tree }] : [];
    });
    const changes = pairs.map(({ baseline, tree }) => tree.requestsPerSecond / baseline.requestsPerSecond - 1);
    return {
      name,
      changes,
      medianChange: median(changes),
      baseline: {
        pagesPerSecond: median(pairs.map((pair) => pair.baseline.requestsPerSecond)),
        p95: median(pairs.map((pair) => pair.baseline.p95)),
      },
      tree: {
        pagesPerSecond: median(pairs.map((pair) => pair.tree.requestsPerSecond)),
        p95: median(pairs.map((pair) => pair.tree.p95)),
      },
    };
  });
}

export async function compareSsrWithBaseline(ref: string, rounds: number): Promise<void> {
  const started = Date.now();
  // Each run makes its own database from its own migrations, so a baseline with other tables is still comparable.
  const baseline = checkOutBaseline(ref, { sameMigrations: false, whole: true });
  const baselineRoot = path.join(baseline.serverDir, '..');
  const measured: SsrRound[] = [];
  try {
    execFileSync(process.execPath, ['scripts/build-all.mjs', 'shell', 'storefront'], {
      cwd: baselineRoot,
      stdio: 'inherit',
    });
    for (let i = 0; i < rounds; i++) {
      const baselineFirst = i % 2 === 0;
      console.log(`\nround ${i + 1} of ${rounds}: ${baselineFirst ? 'the baseline first' : 'this tree first'}`);
      if (baselineFirst) {
        const baselineRun = await runTreeBench(baselineRoot);
        measured.push({ baselineFirst, baseline: baselineRun, tree: await runTreeBench(REPO_ROOT) });
      } else {
        const treeRun = await runTreeBench(REPO_ROOT);
        measured.push({ baselineFirst, baseline: await runTreeBench(baselineRoot), tree: treeRun });
      }
    }
  } finally {
    baseline.remove();
  }
  const comparison = ssrComparison(measured);
  const report = path.join(REPO_ROOT, 'reports', 'bench-ssr-baseline.json');
  fs.mkdirSync(path.dirname(report), { recursive: true });
  fs.writeFileSync(
    report,
    JSON.stringify({ baseline: { ref, commit: baseline.commit }, rounds: measured, comparison }, null, 2),
  );
  console.log(`\nbench:ssr, this tree against ${ref} (${baseline.commit.slice(0, 7)}), ${rounds} rounds\n`);
  console.log(
    [
      '| case | baseline pages/s | this tree pages/s | change (median of rounds) | rounds | baseline p95 | this tree p95 |',
      '|---|---:|---:|---:|---|---:|---:|',
      ...comparison.map(
        (c) =>
          `| ${c.name} | ${c.baseline.pagesPerSecond} | ${c.tree.pagesPerSecond} | ${percent(c.medianChange)} | ` +
          `${c.changes.map(percent).join(', ')} | ${c.baseline.p95} ms | ${c.tree.p95} ms |`,
      ),
    ].join('\n'),
  );
  console.log(`\nwrote ${path.relative(REPO_ROOT, report)} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
