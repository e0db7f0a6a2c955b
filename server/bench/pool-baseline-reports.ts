// `npx pnpm@12.21.0 --filter ./server bench:api:pool <report.json>...`: the rounds of several `BENCH_BASELINE` runs
// (copies of reports/bench-api-baseline.json) against the same baseline, pooled per case into one table. Each
// round keeps its pair, so the change is still the median of paired changes, now over every round of every run.
import fs from 'node:fs';
import path from 'node:path';
import { comparisonTable, type ComparedCase } from './baseline-comparison';

interface BaselineReport {
  settings: { baselineCommit?: string };
  results: ComparedCase[];
}

export function poolRounds(reports: BaselineReport[]): ComparedCase[] {
  const commits = new Set(reports.map((report) => report.settings.baselineCommit));
  if (commits.size !== 1 || commits.has(undefined))
    throw new Error(`the reports must all compare with one baseline commit; they name ${[...commits].join(', ')}`);
  const pooled = new Map<string, ComparedCase>();
  for (const { engine, name, baseline, tree } of reports.flatMap((report) => report.results)) {
    const key = `${engine}\u0000${name}`;
    const row = pooled.get(key) ?? { engine, name, baseline: [], tree: [] };
    row.baseline.push(...baseline);
    row.tree.push(...tree);
    pooled.set(key, row);
  }
  return [...pooled.values()];
}

if (require.main === module) {
  const files = process.argv.slice(2);
  if (files.length === 0)
    throw new Error('name the reports to pool: reports written by BENCH_BASELINE=<ref> bench:api');
  // pnpm runs the script in server/; a path is meant from where the command was typed.
  const from = process.env.INIT_CWD ?? process.cwd();
  const reports = files.map((file) => JSON.parse(fs.readFileSync(path.resolve(from, file), 'utf8')) as BaselineReport);
  const pooled = poolRounds(reports);
  console.log(
    `${files.length} runs, ${pooled[0]?.tree.length ?? 0} rounds a case, baseline ${reports[0]!.settings.baselineCommit}\n`,
  );
  console.log(comparisonTable(pooled));
}
