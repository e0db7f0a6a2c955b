// `pnpm bench:api`: 100,000 listings (BENCH_LISTINGS), the server on loopback, autocannon against the read
// paths that carry the traffic (`api-cases.ts`), each case with 10 connections (BENCH_CONNECTIONS) and again with one
// connection (latency without queueing). PGlite and PostgreSQL (DATABASE_URL, or a throwaway cluster from
// scripts/ci-postgres.sh when Debian's server is installed); BENCH_ENGINES=postgres runs PostgreSQL only (the
// 1,000,000-listing run). Writes reports/bench-api[-<listings>].json.
// BENCH_BASELINE=<git ref> measures that commit's server beside this tree's instead (`baseline-comparison.ts`),
// BENCH_ROUNDS rounds of each case (3), with 10 connections only; writes reports/bench-api-baseline.json.
// BENCH_CASE=<part of a case's name> runs only the cases whose name contains it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiCases } from './api-cases';
import { runCase, warmUp, type CaseResult } from './api-case-run';
import { compareWithBaseline, comparisonTable, type ComparedCase } from './baseline-comparison';
import { checkOutBaseline } from './baseline-tree';
import { benchPostgres, REPO_ROOT, startBenchServer, stopBenchServer } from './bench-setup';
import { listingsDatabase, type BenchEngine } from './listings-database';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BASELINE = process.env.BENCH_BASELINE;
const ONLY = process.env.BENCH_CASE || undefined;
const REPORT = path.join(
  REPO_ROOT,
  'reports',
  BASELINE ? 'bench-api-baseline.json' : LISTINGS === 100_000 ? 'bench-api.json' : `bench-api-${LISTINGS}.json`,
);
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');

async function benchEngine(engine: BenchEngine, databaseUrl?: string): Promise<CaseResult[]> {
  const database = await listingsDatabase(engine, LISTINGS, databaseUrl);
  let server: Awaited<ReturnType<typeof startBenchServer>> | undefined;
  try {
    server = await startBenchServer(database.env);
    const cases = apiCases(database.ids, ONLY);
    await warmUp(server.base, cases[0]![1][0]!);
    const results: CaseResult[] = [];
    for (const connections of [CONNECTIONS, 1])
      for (const [name, paths] of cases)
        results.push(await runCase({ engine, name, base: server.base, paths, connections, seconds: DURATION_S }));
    return results;
  } finally {
    await stopBenchServer(server?.child);
    await database.remove();
  }
}

/** The summary table (as docs/benchmarks-history.md's entries keep it): per case, each engine's req/s and p95 with 10 connections, and p95 with one. */
function summaryTable(results: CaseResult[]): string {
  const engines = [...new Set(results.map((r) => r.engine))];
  const names = [...new Set(results.map((r) => r.name))];
  const find = (engine: string, name: string, connections: number) =>
    results.find((r) => r.engine === engine && r.name === name && r.connections === connections);
  const header = ['case', ...engines.flatMap((e) => [`${e} req/s`, `${e} p95`, `${e} 1-conn p95`])];
  const lines = [`| ${header.join(' | ')} |`, `|---|${engines.map(() => '---:|---:|---:|').join('')}`];
  for (const name of names) {
    const cells = engines.flatMap((engine) => {
      const many = find(engine, name, CONNECTIONS);
      const one = find(engine, name, 1);
      // A case whose answers were not all 2xx measured something else (a limiter, an error page): say so.
      const failed = [many, one].reduce((n, r) => n + (r ? r.non2xx + r.errors : 0), 0);
      const rate = many ? `${many.requestsPerSecond}${failed ? ` (${failed} failed)` : ''}` : '-';
      return [rate, many ? `${many.p95} ms` : '-', one ? `${one.p95} ms` : '-'];
    });
    lines.push(`| ${name} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** Each engine asked for (BENCH_ENGINES), PostgreSQL on its throwaway cluster or DATABASE_URL. */
async function onEachEngine<T>(measure: (engine: BenchEngine, databaseUrl?: string) => Promise<T[]>): Promise<T[]> {
  const results: T[] = [];
  if (ENGINES.includes('pglite')) results.push(...(await measure('pglite')));
  const postgres = benchPostgres(ENGINES.includes('postgres'), {
    dir: 'bookswap-bench-postgres',
    port: 55532,
    db: 'bookswap_bench',
  });
  const databaseUrl = postgres.databaseUrl;
  try {
    if (!ENGINES.includes('postgres')) console.log('\npostgres: not asked for (BENCH_ENGINES)');
    else if (databaseUrl) results.push(...(await measure('postgres', databaseUrl)));
    else console.log('\npostgres: skipped (no DATABASE_URL and no PostgreSQL server installed)');
  } finally {
    postgres.stop();
  }
  return results;
}

async function main(): Promise<void> {
  const started = Date.now();
  let results: CaseResult[] | ComparedCase[];
  let table: string;
  let baselineCommit: string | undefined;
  if (BASELINE) {
    const baseline = checkOutBaseline(BASELINE);
    baselineCommit = baseline.commit;
    try {
      const settings = {
        listings: LISTINGS,
        connections: CONNECTIONS,
        seconds: DURATION_S,
        rounds: ROUNDS,
        only: ONLY,
      };
      const compared = await onEachEngine((engine, databaseUrl) =>
        compareWithBaseline(engine, baseline, settings, databaseUrl),
      );
      results = compared;
      table = comparisonTable(compared);
    } finally {
      baseline.remove();
    }
  } else {
    const measured = await onEachEngine(benchEngine);
    results = measured;
    table = summaryTable(measured);
  }

  const report = {
    when: new Date().toISOString(),
    machine: { cpus: os.cpus().length, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
    settings: {
      listings: LISTINGS,
      durationSeconds: DURATION_S,
      connections: CONNECTIONS,
      ...(ONLY ? { only: ONLY } : {}),
      ...(BASELINE ? { baseline: BASELINE, baselineCommit, rounds: ROUNDS } : {}),
    },
    latencyUnit: 'ms',
    results,
  };
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  fs.writeFileSync(REPORT, JSON.stringify(report, null, 2));
  const shape = BASELINE
    ? `${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s a case on each server, baseline ${BASELINE} (${baselineCommit?.slice(0, 7)})`
    : `${CONNECTIONS} connections (and 1), ${DURATION_S} s a case`;
  console.log(`\n${LISTINGS.toLocaleString('en')} listings, ${shape}\n`);
  console.log(table);
  console.log(`\nwrote ${path.relative(REPO_ROOT, REPORT)} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
