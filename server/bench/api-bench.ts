// `pnpm bench:api`: 100,000 listings (BENCH_LISTINGS), the server on loopback, autocannon against the read
// paths that carry the traffic, each case with 10 connections (BENCH_CONNECTIONS) and again with one
// connection (latency without queueing). Search cases spread over 60 common and 60 rare words and over
// many pages, so that no single cached answer can serve a case. PGlite and PostgreSQL (DATABASE_URL, or a
// throwaway cluster from scripts/ci-postgres.sh when Debian's server is installed); BENCH_ENGINES=postgres
// runs PostgreSQL only (the 1,000,000-listing run). Writes reports/bench-api[-<listings>].json.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase, pgliteDirOf } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import {
  benchPostgres,
  COMMON_WORDS,
  createBenchSchema,
  dropBenchSchema,
  fillListings,
  percentile,
  RARE_WORDS,
  REPO_ROOT,
  round1,
  startBenchServer,
  stopBenchServer,
} from './bench-setup';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const REPORT = path.join(REPO_ROOT, 'reports', LISTINGS === 100_000 ? 'bench-api.json' : `bench-api-${LISTINGS}.json`);
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');

/** The pages a deep search visits: 1 to 50 (20 a page, about 85 pages of matches per common word). */
const DEEP_PAGES = Array.from({ length: 50 }, (_, i) => i + 1);

const CATEGORIES = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
const PRICE_RANGES = [
  ['5', '15'],
  ['10', '20.50'],
  ['20', '40'],
  ['1', '9.99'],
];
const CONDITION_CHOICES = [['Good'], ['Excellent', 'Good'], ['Fair']];
const pages = (n: number) => Array.from({ length: n }, (_, i) => i);
const list = (query: string) => `/api/category/list?${query}`;

/**
 * Issue 22's filters, each case over many combinations and pages, so that no single cached answer serves it: one
 * category; a condition with a price range; verified sellers only; a price sort with a search word; and every filter
 * at once with the facet counts (with and without a search word).
 */
function filterCases(): [string, string[]][] {
  const condition = (names: readonly string[]) => names.map((name) => `condition=${name}`).join('&');
  const range = ([min, max]: readonly string[]) => `minPrice=${min}&maxPrice=${max}`;
  return [
    ['filter: one category', CATEGORIES.flatMap((c) => pages(10).map((p) => list(`category=${c}&page=${p}&size=20`)))],
    [
      'filter: condition and price range',
      CONDITION_CHOICES.flatMap((names) =>
        PRICE_RANGES.flatMap((r) => pages(5).map((p) => list(`${condition(names)}&${range(r)}&page=${p}&size=20`))),
      ),
    ],
    ['filter: verified sellers only', pages(50).map((p) => list(`verified=1&page=${p}&size=20`))],
    [
      'sort by price with a search word',
      COMMON_WORDS.flatMap((word, w) =>
        [0, 1].map((p) => list(`search=${word}&sort=${w % 2 ? 'price_desc' : 'price_asc'}&page=${p}&size=20`)),
      ),
    ],
    [
      'all filters with facets',
      CATEGORIES.flatMap((c, i) =>
        PRICE_RANGES.flatMap((r, j) =>
          [undefined, COMMON_WORDS[(i * 4 + j) % COMMON_WORDS.length]].map((word) =>
            list(
              `${word ? `search=${word}&` : ''}category=${c}&category=${CATEGORIES[(i + 4) % 9]}&${condition(CONDITION_CHOICES[(i + j) % 3]!)}&${range(r)}&verified=1&sort=price_asc&facets=1&page=0&size=20`,
            ),
          ),
        ),
      ),
    ],
  ];
}

interface CaseResult {
  engine: string;
  name: string;
  connections: number;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function runCase(
  engine: string,
  name: string,
  base: string,
  paths: string[],
  connections: number,
): Promise<CaseResult> {
  let next = 0;
  const latencies: number[] = [];
  const instance = autocannon({
    url: base,
    connections,
    duration: DURATION_S,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const row: CaseResult = {
    engine,
    name,
    connections,
    requests: result.requests.total,
    requestsPerSecond: Math.round((result.requests.total / result.duration) * 10) / 10,
    p50: round1(percentile(latencies, 50)),
    p95: round1(percentile(latencies, 95)),
    p99: round1(percentile(latencies, 99)),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
  console.log(
    `  ${`${name} (${connections} conn.)`.padEnd(48)} ${String(row.requestsPerSecond).padStart(8)} req/s   p50 ${row.p50.toFixed(1)} ms   p95 ${row.p95.toFixed(1)} ms   p99 ${row.p99.toFixed(1)} ms${row.non2xx || row.errors ? `   (${row.non2xx} non-2xx, ${row.errors} errors)` : ''}`,
  );
  return row;
}

async function benchEngine(engine: 'pglite' | 'postgres', databaseUrl?: string): Promise<CaseResult[]> {
  console.log(`\n${engine}: preparing ${LISTINGS} listings`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bookswap-bench-${engine}-`));
  const schema = databaseUrl ? await createBenchSchema(databaseUrl) : undefined;
  let child: ChildProcess | undefined;
  try {
    const handle = await openDatabase({ databaseUrl, searchPath: schema, pgliteDir: pgliteDirOf(dataDir) });
    await migrate(handle.db);
    const ids = await fillListings(handle, LISTINGS);
    await handle.close();
    const server = await startBenchServer({
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : { DATABASE_URL: '' }),
    });
    child = server.child;
    const search = (words: string[], pages: number[]) =>
      words.flatMap((word, w) =>
        pages.map((_, p) => `/api/category/list?search=${word}&page=${pages[(w + p) % pages.length]}&size=20`),
      );
    const cases: [string, string[]][] = [
      ['book list page 0, no search', ['/api/category/list?search=&page=0&size=5']],
      ['search common word, page 0', search(COMMON_WORDS, [0])],
      ['search common word, pages 1-50', search(COMMON_WORDS, DEEP_PAGES)],
      ['search rare word, page 0', search(RARE_WORDS, [0])],
      ['product detail', ids.map((id) => `/api/product/list/${id}`)],
      ['ads list', ['/api/product/Ads/list']],
      ...filterCases(),
    ];
    // One short warm-up so the first case does not pay for cold caches alone.
    await autocannon({
      url: server.base,
      connections: 2,
      amount: 50,
      requests: [{ method: 'GET', path: cases[0]![1][0] }],
    });
    const results: CaseResult[] = [];
    for (const connections of [CONNECTIONS, 1])
      for (const [name, paths] of cases) results.push(await runCase(engine, name, server.base, paths, connections));
    return results;
  } finally {
    await stopBenchServer(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl && schema) await dropBenchSchema(databaseUrl, schema);
  }
}

/** The issue's table: per case, each engine's req/s and p95 with 10 connections, and p95 with one. */
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

async function main(): Promise<void> {
  const started = Date.now();
  const results: CaseResult[] = [];
  if (ENGINES.includes('pglite')) results.push(...(await benchEngine('pglite')));

  const postgres = benchPostgres(ENGINES.includes('postgres'), {
    dir: 'bookswap-bench-postgres',
    port: 55532,
    db: 'bookswap_bench',
  });
  const databaseUrl = postgres.databaseUrl;
  try {
    if (!ENGINES.includes('postgres')) console.log('\npostgres: not asked for (BENCH_ENGINES)');
    else if (databaseUrl) results.push(...(await benchEngine('postgres', databaseUrl)));
    else console.log('\npostgres: skipped (no DATABASE_URL and no PostgreSQL server installed)');
  } finally {
    postgres.stop();
  }

  const report = {
    when: new Date().toISOString(),
    machine: { cpus: os.cpus().length, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
    settings: { listings: LISTINGS, durationSeconds: DURATION_S, connections: CONNECTIONS },
    latencyUnit: 'ms',
    results,
  };
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  fs.writeFileSync(REPORT, JSON.stringify(report, null, 2));
  console.log(
    `\n${LISTINGS.toLocaleString('en')} listings, ${CONNECTIONS} connections (and 1), ${DURATION_S} s a case\n`,
  );
  console.log(summaryTable(results));
  console.log(`\nwrote ${path.relative(REPO_ROOT, REPORT)} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
