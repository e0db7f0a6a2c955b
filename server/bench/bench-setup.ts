// What the API benchmark (`api-bench.ts`) and the buyer-journey load test (`load-test.ts`) share: the
// listings they fill, the server they start, the PostgreSQL cluster and schema they run on.
import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DatabaseHandle } from '../src/db/database';
import { TITLE_ADJECTIVES, TITLE_NOUNS } from '../src/seed/book-titles';
import { spawnServer, type ServerProcess } from '../src/testing/server-process';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** Each common word is in 1 of 60 titles (about 1,700 of 100,000): a search whose matches must be ranked or paged. */
export const COMMON_WORDS = [
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
export const RARE_WORDS = COMMON_WORDS.map((word) => `zan${word}`);

const WORDS_A = TITLE_ADJECTIVES;
// Two more nouns than the demo seed: the benchmark's titles have always been spread over 13.
const WORDS_B = [...TITLE_NOUNS, 'Meadow', 'Tower'];

/**
 * The listings in one statement: titles from two word lists plus one common word (1 in 60) and, in 60 of each
 * 10,000, one rare word. Returns up to 200 of their ids.
 */
export async function fillListings(handle: DatabaseHandle, listings: number): Promise<string[]> {
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
    FROM generate_series(1, ${listings}) AS i`),
  );
  await db.execute(sql`ANALYZE products`);
  console.log(`  ${listings} listings inserted and indexed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const sample = (await db.execute(sql`SELECT id FROM products ORDER BY id LIMIT 200`)) as unknown as {
    rows: { id: string }[];
  };
  return sample.rows.map((row) => row.id);
}

/** The API server on a free loopback port, emulator mode, no demo data; `env` adds to (or overrides) that. */
export function startBenchServer(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  return spawnServer(
    {
      ...process.env,
      // Every request comes from one loopback address: the per-client search limit (120 a minute) would
      // turn all but the first searches into 429s and measure the limiter instead of the search.
      RATE_LIMIT_SEARCH_PER_MINUTE: String(1_000_000_000),
      ...env,
      SEED: 'none',
      LOG_LEVEL: 'warn',
      AUTH_MODE: 'emulator',
    },
    { timeoutMs: 120_000, captureOutput: false },
  );
}

export async function stopBenchServer(child: ChildProcess | undefined): Promise<void> {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

export const round1 = (n: number) => Math.round(n * 10) / 10;

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function onPostgres(databaseUrl: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh schema of its own (with pg_trgm installed), so a run never meets another run's tables. */
export async function createBenchSchema(databaseUrl: string): Promise<string> {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  await onPostgres(databaseUrl, [
    'CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public',
    `CREATE SCHEMA ${schema}`,
  ]);
  return schema;
}

export function dropBenchSchema(databaseUrl: string, schema: string): Promise<void> {
  return onPostgres(databaseUrl, [`DROP SCHEMA ${schema} CASCADE`]);
}

export function postgresServerInstalled(): boolean {
  try {
    return fs
      .readdirSync('/usr/lib/postgresql')
      .some((version) => fs.existsSync(`/usr/lib/postgresql/${version}/bin/initdb`));
  } catch {
    return false;
  }
}

export interface BenchPostgres {
  /** Unset when there is neither a DATABASE_URL nor a PostgreSQL server to start. */
  databaseUrl: string | undefined;
  /** Stops the throwaway cluster when this process started it. */
  stop(): void;
}

/**
 * DATABASE_URL when set; otherwise, when `wanted` and Debian's server is installed, a throwaway cluster from
 * scripts/ci-postgres.sh in `dir` (first free port from `port`), stopped by `stop()`.
 */
export function benchPostgres(wanted: boolean, cluster: { dir: string; port: number; db: string }): BenchPostgres {
  const configured = process.env.DATABASE_URL;
  if (configured || !wanted || !postgresServerInstalled()) return { databaseUrl: configured, stop: () => {} };
  const script = path.join(REPO_ROOT, 'scripts', 'ci-postgres.sh');
  const env = {
    ...process.env,
    PGCI_DIR: path.join(os.tmpdir(), cluster.dir),
    PGCI_PORT: String(cluster.port),
    PGCI_DB: cluster.db,
  };
  const exported = execFileSync('bash', [script, 'start'], { env, encoding: 'utf8' });
  return {
    databaseUrl: /DATABASE_URL=(\S+)/.exec(exported)?.[1],
    stop: () => execFileSync('bash', [script, 'stop'], { env, stdio: 'inherit' }),
  };
}
