// `pnpm bench:api`: 100,000 listings (BENCH_LISTINGS), the server on loopback, autocannon against the read
// paths that carry the traffic, each case with 10 connections (BENCH_CONNECTIONS) and again with one
// connection (latency without queueing). Search cases spread over 60 common and 60 rare words and over
// many pages, so that no single cached answer can serve a case. PGlite and PostgreSQL (DATABASE_URL, or a
// throwaway cluster from scripts/ci-postgres.sh when Debian's server is installed); BENCH_ENGINES=postgres
// runs PostgreSQL only (the 1,000,000-listing run). Writes reports/bench-api[-<listings>].json.
import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, pgliteDirOf, type DatabaseHandle } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { TITLE_ADJECTIVES, TITLE_NOUNS } from '../src/seed/book-titles';
import { spawnServer, type ServerProcess } from '../src/testing/server-process';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SERVER_DIR = path.resolve(__dirname, '..');
const REPO_ROOT = path.resolve(SERVER_DIR, '..');
const REPORT = path.join(REPO_ROOT, 'reports', LISTINGS === 100_000 ? 'bench-api.json' : `bench-api-${LISTINGS}.json`);
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');

/** Each common word is in 1 of 60 titles (about 1,700 of 100,000): a search whose matches must be ranked or paged. */
const COMMON_WORDS = [
  'amber',
  'anchor',
  'apple',
  'arrow',
  'autumn',
  'basket',
  'beacon',
  'birch',
  'bridge',
  'candle',
  'canyon',
  'castle',
  'cedar',
  'cellar',
  'chapel',
  'cinder',
  'clover',
  'comet',
  'copper',
  'coral',
  'cotton',
  'crystal',
  'dagger',
  'desert',
  'ember',
  'falcon',
  'feather',
  'forest',
  'fountain',
  'glacier',
  'granite',
  'harvest',
  'hollow',
  'horizon',
  'ivory',
  'jasmine',
  'kettle',
  'lagoon',
  'marble',
  'meadowlark',
  'mirror',
  'monsoon',
  'needle',
  'oasis',
  'pepper',
  'pilgrim',
  'quarry',
  'raven',
  'saddle',
  'sapphire',
  'shadow',
  'signal',
  'spindle',
  'summit',
  'thistle',
  'thunder',
  'timber',
  'velvet',
  'willow',
  'winter',
];
/** Each rare word is in 1 of 10,000 titles (10 of 100,000): a search that an index answers at once. */
const RARE_WORDS = COMMON_WORDS.map((word) => `zan${word}`);
/** The pages a deep search visits: 1 to 50 (20 a page, about 85 pages of matches per common word). */
const DEEP_PAGES = Array.from({ length: 50 }, (_, i) => i + 1);

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

const WORDS_A = TITLE_ADJECTIVES;
// Two more nouns than the demo seed: the benchmark's titles have always been spread over 13.
const WORDS_B = [...TITLE_NOUNS, 'Meadow', 'Tower'];

/**
 * The listings in one statement: titles from two word lists plus one common word (1 in 60) and, in 60 of each
 * 10,000, one rare word.
 */
async function fillListings(handle: DatabaseHandle): Promise<string[]> {
  const db = handle.db;
  await db.execute(
    sql`INSERT INTO users (id, email, name, role, verified) VALUES ('benchseller', 'bench@example.test', 'Bench Seller', 'seller', true)`,
  );
  const started = Date.now();
  await db.execute(
    sql.raw(`
    INSERT INTO products (id, seller_id, seller_name, seller_email, seller_verified, title, author, category_id, category_name,
      description, original_price, resale_price, years_of_use, condition, image_url, phone, pickup_location, advertised, listed_at)
    SELECT lpad(to_hex(i), 24, '0'), 'benchseller', 'Bench Seller', 'bench@example.test', true,
      (ARRAY[${WORDS_A.map((w) => `'${w}'`).join(',')}])[1 + i % ${WORDS_A.length}] || ' ' ||
      (ARRAY[${WORDS_B.map((w) => `'${w}'`).join(',')}])[1 + (i * 7) % ${WORDS_B.length}] || ' ' ||
      (ARRAY[${COMMON_WORDS.map((w) => `'${w}'`).join(',')}])[1 + (i * 13) % ${COMMON_WORDS.length}] ||
      CASE WHEN i % 10000 < ${RARE_WORDS.length}
        THEN ' of ' || (ARRAY[${RARE_WORDS.map((w) => `'${w}'`).join(',')}])[1 + i % 10000] ELSE '' END || ' ' || i,
      'Author ' || (i % 997), ((i % 9) + 1)::text, 'Category', 'A used book in fair condition.', '20', '10.50', '2', 'Good',
      '/images/cover-' || (i % 63) || '.png', '', 'Dhaka', i % 500 = 0, now() - (i || ' minutes')::interval
    FROM generate_series(1, ${LISTINGS}) AS i`),
  );
  await db.execute(sql`ANALYZE products`);
  console.log(`  ${LISTINGS} listings inserted and indexed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const sample = (await db.execute(sql`SELECT id FROM products ORDER BY id LIMIT 200`)) as unknown as {
    rows: { id: string }[];
  };
  return sample.rows.map((row) => row.id);
}

function startServer(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  return spawnServer(
    {
      ...process.env,
      ...env,
      SEED: 'none',
      LOG_LEVEL: 'warn',
      AUTH_MODE: 'emulator',
      // Every request comes from one loopback address: the per-client search limit (120 a minute) would
      // turn all but the first searches into 429s and measure the limiter instead of the search.
      RATE_LIMIT_SEARCH_PER_MINUTE: String(1_000_000_000),
    },
    { timeoutMs: 120_000, captureOutput: false },
  );
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
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
  const schema = databaseUrl ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  if (databaseUrl && schema) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
  }
  let child: ChildProcess | undefined;
  try {
    const handle = await openDatabase({ databaseUrl, searchPath: schema, pgliteDir: pgliteDirOf(dataDir) });
    await migrate(handle.db);
    const ids = await fillListings(handle);
    await handle.close();
    const server = await startServer({
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
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl && schema) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    }
  }
}

function postgresServerInstalled(): boolean {
  try {
    return fs
      .readdirSync('/usr/lib/postgresql')
      .some((version) => fs.existsSync(`/usr/lib/postgresql/${version}/bin/initdb`));
  } catch {
    return false;
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

  let databaseUrl = process.env.DATABASE_URL;
  const script = path.join(REPO_ROOT, 'scripts', 'ci-postgres.sh');
  const ownCluster = ENGINES.includes('postgres') && !databaseUrl && postgresServerInstalled();
  const clusterEnv = {
    ...process.env,
    PGCI_DIR: path.join(os.tmpdir(), 'bookswap-bench-postgres'),
    PGCI_PORT: '55532',
    PGCI_DB: 'bookswap_bench',
  };
  if (ownCluster) {
    const exported = execFileSync('bash', [script, 'start'], { env: clusterEnv, encoding: 'utf8' });
    databaseUrl = /DATABASE_URL=(\S+)/.exec(exported)?.[1];
  }
  try {
    if (!ENGINES.includes('postgres')) console.log('\npostgres: not asked for (BENCH_ENGINES)');
    else if (databaseUrl) results.push(...(await benchEngine('postgres', databaseUrl)));
    else console.log('\npostgres: skipped (no DATABASE_URL and no PostgreSQL server installed)');
  } finally {
    if (ownCluster) execFileSync('bash', [script, 'stop'], { env: clusterEnv, stdio: 'inherit' });
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
