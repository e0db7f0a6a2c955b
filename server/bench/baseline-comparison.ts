// `BENCH_BASELINE=<ref> pnpm bench:api`: this tree's server and the baseline commit's, side by side on two databases
// filled alike. Each case runs in rounds, and each round swaps which server goes first, so that a slow minute of a
// shared machine falls on both rather than on whichever ran that hour. `comparisonTable` reads the rounds.
import type { ChildProcess } from 'node:child_process';
import { apiCases } from './api-cases';
import { runCase, warmUp, type CaseResult } from './api-case-run';
import type { BaselineTree } from './baseline-tree';
import { round1, startBenchServer, stopBenchServer } from './bench-setup';
import { listingsDatabase, type BenchEngine, type ListingsDatabase } from './listings-database';

export interface ComparedCase {
  engine: string;
  name: string;
  baseline: CaseResult[];
  tree: CaseResult[];
}

export interface ComparisonSettings {
  listings: number;
  connections: number;
  seconds: number;
  rounds: number;
  /** Only the cases whose name contains this (BENCH_CASE). */
  only?: string;
}

export async function compareWithBaseline(
  engine: BenchEngine,
  baseline: BaselineTree,
  settings: ComparisonSettings,
  databaseUrl?: string,
): Promise<ComparedCase[]> {
  const databases: ListingsDatabase[] = [];
  const servers: ChildProcess[] = [];
  try {
    const ours = await listingsDatabase(engine, settings.listings, databaseUrl);
    databases.push(ours);
    const theirs = await listingsDatabase(engine, settings.listings, databaseUrl);
    databases.push(theirs);
    const tree = await startBenchServer(ours.env);
    servers.push(tree.child);
    const old = await startBenchServer(theirs.env, { serverDir: baseline.serverDir });
    servers.push(old.child);
    const cases = apiCases(ours.ids, settings.only);
    for (const server of [tree, old]) await warmUp(server.base, cases[0]![1][0]!);
    const compared: ComparedCase[] = [];
    for (const [name, paths] of cases) {
      const row: ComparedCase = { engine, name, baseline: [], tree: [] };
      for (let round = 0; round < settings.rounds; round++) {
        const sides = [
          { label: 'baseline ', base: old.base, results: row.baseline },
          { label: 'this tree', base: tree.base, results: row.tree },
        ];
        if (round % 2) sides.reverse();
        for (const side of sides) {
          const run = { engine, name, paths, connections: settings.connections, seconds: settings.seconds };
          side.results.push(await runCase({ ...run, base: side.base, label: side.label }));
        }
      }
      compared.push(row);
    }
    return compared;
  } finally {
    for (const child of servers) await stopBenchServer(child);
    for (const database of databases) await database.remove();
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Per case: each server's median req/s and p95, and the change in req/s: the median of the rounds' changes, each
 * round's two runs being back to back. Two separate medians would let a slowdown of the machine between a round's
 * two runs decide the change; paired, it moves that round's change alone.
 */
export function comparisonTable(compared: ComparedCase[]): string {
  const lines = [
    '| engine | case | baseline req/s | this tree req/s | change | baseline p95 | this tree p95 |',
    '|---|---|---:|---:|---:|---:|---:|',
  ];
  for (const row of compared) {
    const failed = [...row.baseline, ...row.tree].reduce((n, r) => n + r.non2xx + r.errors, 0);
    const rate = (results: CaseResult[]) => round1(median(results.map((r) => r.requestsPerSecond)));
    const changes = row.tree.map((r, round) => r.requestsPerSecond / row.baseline[round]!.requestsPerSecond - 1);
    const change = round1(median(changes) * 100);
    const p95 = (results: CaseResult[]) => `${round1(median(results.map((r) => r.p95)))} ms`;
    lines.push(
      `| ${row.engine} | ${row.name}${failed ? ` (${failed} failed)` : ''} | ${rate(row.baseline)} | ${rate(row.tree)} | ${change > 0 ? '+' : ''}${change} % | ${p95(row.baseline)} | ${p95(row.tree)} |`,
    );
  }
  return lines.join('\n');
}
