// What the API benchmark (`api-bench.ts`), the buyer-journey load test (`load-test.ts`) and the fault drill
// (`fault-drill.ts`) share: the listings they fill, the server they start, the PostgreSQL cluster and schema they
// run on.
import { execFile, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
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
 * 10,000, one rare word; spread over the nine categories, three conditions (Good the most common), 180 prices from
 * $1 to $60.99 and two sellers, 5 in 7 listings by the verified one, each drawn independently of the title and of
 * one another (a hash of the row number), as the book list's filters need. Returns up to 200 ids.
 */
export async function fillListings(handle: DatabaseHandle, listings: number): Promise<string[]> {
  const db = handle.db;
  await db.execute(
    sql`INSERT INTO users (id, email, name, role, verified) VALUES ('benchseller', 'bench@example.test', 'Bench Seller', 'seller', true), ('benchseller2', 'bench2@example.test', 'Bench Newseller', 'seller', false)`,
  );
  const started = Date.now();
  await db.execute(
    sql.raw(`
    INSERT INTO products (id, seller_id, seller_name, seller_email, seller_verified, title, author, category_id, category_name,
      description, original_price, resale_price, years_of_use, condition, image_url, phone, pickup_location, advertised, listed_at)
    SELECT lpad(to_hex(i), 24, '0'), CASE WHEN verified THEN 'benchseller' ELSE 'benchseller2' END,
      CASE WHEN verified THEN 'Bench Seller' ELSE 'Bench Newseller' END,
      CASE WHEN verified THEN 'bench@example.test' ELSE 'bench2@example.test' END, verified,
      (ARRAY[${WORDS_A.map((w) => `'${w}'`).join(',')}])[1 + i % ${WORDS_A.length}] || ' ' ||
      (ARRAY[${WORDS_B.map((w) => `'${w}'`).join(',')}])[1 + (i * 7) % ${WORDS_B.length}] || ' ' ||
      (ARRAY[${COMMON_WORDS.map((w) => `'${w}'`).join(',')}])[1 + (i * 13) % ${COMMON_WORDS.length}] ||
      CASE WHEN i % 10000 < ${RARE_WORDS.length}
        THEN ' of ' || (ARRAY[${RARE_WORDS.map((w) => `'${w}'`).join(',')}])[1 + i % 10000] ELSE '' END || ' ' || i,
      'Author ' || (i % 997), ((i % 9) + 1)::text, 'Category', 'A used book in fair condition.', '80',
      (1 + abs(hashint4(i)) % 60) || '.' || (ARRAY['00', '50', '99', '00'])[1 + abs(hashint4(i + 1)) % 4], '2',
      (ARRAY['Excellent', 'Good', 'Good', 'Good', 'Fair'])[1 + abs(hashint4(i + 2)) % 5],
      '/images/cover-' || (i % 63) || '.png', '', 'Dhaka', i % 500 = 0, now() - (i || ' minutes')::interval
    FROM generate_series(1, ${listings}) AS i, LATERAL (SELECT abs(hashint4(i + 3)) % 7 < 5 AS verified) AS seller`),
  );
  await db.execute(sql`ANALYZE products`);
  console.log(`  ${listings} listings inserted and indexed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const sample = (await db.execute(sql`SELECT id FROM products ORDER BY id LIMIT 200`)) as unknown as {
    rows: { id: string }[];
  };
  return sample.rows.map((row) => row.id);
}

/**
 * The API server on a free loopback port (or `options.port`), emulator mode, no demo data; `env` adds to (or
 * overrides) that. Its output goes to this process's, or appended to `options.logFile`.
 */
export function startBenchServer(
  env: NodeJS.ProcessEnv,
  options: { port?: number; logFile?: string; serverDir?: string } = {},
): Promise<ServerProcess> {
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
    { timeoutMs: 120_000, captureOutput: false, ...options },
  );
}

export async function stopBenchServer(child: ChildProcess | undefined): Promise<void> {
  // A process that ended by a signal has no exit code but a signal code: it will not exit again.
  if (child && child.exitCode === null && child.signalCode === null) {
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

/** A throwaway cluster of scripts/ci-postgres.sh: its folder under the temporary directory, first port, database. */
export interface ClusterSettings {
  dir: string;
  port: number;
  db: string;
  /** fsync, synchronous_commit and full_page_writes on (PGCI_DURABLE=1); off by default, for speed. */
  durable?: boolean;
}

export interface ThrowawayPostgres extends BenchPostgres {
  databaseUrl: string;
  /** `pg_ctl restart -m immediate`: a crash (no checkpoint, the WAL replayed) and a start; resolves once it accepts connections. */
  restartImmediately(): Promise<void>;
}

const CLUSTER_SCRIPT = path.join(REPO_ROOT, 'scripts', 'ci-postgres.sh');

/** Starts a cluster of its own from scripts/ci-postgres.sh, whatever DATABASE_URL says. */
export function throwawayPostgres(cluster: ClusterSettings): ThrowawayPostgres {
  if (!postgresServerInstalled()) throw new Error('no PostgreSQL server binaries: apt-get install -y postgresql');
  const env = {
    ...process.env,
    PGCI_DIR: path.join(os.tmpdir(), cluster.dir),
    PGCI_PORT: String(cluster.port),
    PGCI_DB: cluster.db,
    PGCI_DURABLE: cluster.durable ? '1' : '',
  };
  const exported = execFileSync('bash', [CLUSTER_SCRIPT, 'start'], { env, encoding: 'utf8' });
  const databaseUrl = /DATABASE_URL=(\S+)/.exec(exported)?.[1];
  if (!databaseUrl) throw new Error(`scripts/ci-postgres.sh start printed no DATABASE_URL: ${exported}`);
  return {
    databaseUrl,
    stop: () => execFileSync('bash', [CLUSTER_SCRIPT, 'stop'], { env, stdio: 'inherit' }),
    // Not execFileSync: the caller's event loop (a load generator) keeps running through the restart.
    restartImmediately: async () => {
      await promisify(execFile)('bash', [CLUSTER_SCRIPT, 'restart'], { env });
    },
  };
}

/**
 * DATABASE_URL when set; otherwise, when `wanted` and Debian's server is installed, a throwaway cluster from
 * scripts/ci-postgres.sh in `dir` (first free port from `port`), stopped by `stop()`.
 */
export function benchPostgres(wanted: boolean, cluster: ClusterSettings): BenchPostgres {
  const configured = process.env.DATABASE_URL;
  if (configured || !wanted || !postgresServerInstalled()) return { databaseUrl: configured, stop: () => {} };
  return throwawayPostgres(cluster);
}
