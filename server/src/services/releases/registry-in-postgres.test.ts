import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { promoteLive, startRollout } from '@bookswap/shared/releases';
import { databaseRegistryStore } from '@bookswap/shared/release-registry';
import type { PageLoadReport } from '@bookswap/shared/schemas';
import { spawnServer } from '../../testing/server-process';
import { until } from '../../testing/until';
import { pageLoadTicket } from '../../testing/telemetry-samples';
import { TEST_PAGE_LOAD_SECRET } from '../../testing/test-server';

/**
 * The registry in PostgreSQL (docs/decisions/061, RELEASE_REGISTRY_DATABASE_URL) as its users meet it: two API
 * instances run the automatic rollout (docs/decisions/026) from its rows, each decision written once, and
 * `pnpm release list` reads what they wrote; two shell servers answer remotes.json from them. Only on the run whose DATABASE_URL names a PostgreSQL.
 */
const databaseUrl = process.env.DATABASE_URL;
const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const schema = `registry_api_${randomBytes(4).toString('hex')}`;
const children: ChildProcess[] = [];
let pool: pg.Pool;
let dataDir: string;

async function inPostgres(statement: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

beforeAll(async () => {
  if (!databaseUrl) return;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookswap-registry-pg-'));
  await inPostgres(`CREATE SCHEMA ${schema}`);
  pool = new pg.Pool({ connectionString: databaseUrl, max: 2, options: `-c search_path=${schema}` });
});

afterAll(async () => {
  if (!databaseUrl) return;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await pool.end();
  await inPostgres(`DROP SCHEMA ${schema} CASCADE`);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const registryEnv = () => ({
  RELEASE_REGISTRY_DATABASE_URL: databaseUrl,
  DATABASE_SCHEMA: schema,
  // No file registry anywhere: a file read by mistake would be empty.
  BOOKSWAP_RELEASE_REGISTRY: path.join(dataDir, 'absent', 'registry.json'),
  BOOKSWAP_RELEASES_DIR: path.join(dataDir, 'releases'),
});

async function startApi() {
  const server = await spawnServer(
    {
      ...process.env,
      ...registryEnv(),
      DATA_DIR: dataDir,
      AUTH_MODE: 'emulator',
      SEED: 'none',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'registry-pg-test-secret-long-enough-00000000',
      BOOKSWAP_PAGE_LOAD_SECRET: TEST_PAGE_LOAD_SECRET,
      RELEASE_AUTO_MIN_LOADS: '4',
      RELEASE_AUTO_MIN_MINUTES: '0',
      RELEASE_AUTO_TICK_MS: '100',
    },
    { timeoutMs: 60_000, captureOutput: true },
  );
  children.push(server.child);
  return server;
}

const canaryLoads = (count: number): PageLoadReport[] =>
  Array.from({ length: count }, () => ({
    kind: 'load',
    remote: 'seller',
    version: 'v2',
    channel: 'canary',
    route: '/dashboard/myproduct',
    outcome: 'loaded',
    pageLoad: pageLoadTicket(),
  }));

(databaseUrl ? it : it.skip)(
  'two API instances move a rollout on from the registry rows, each step written once, and pnpm release list reads it',
  async () => {
    // The API migrates the schema (0021 makes the registry's tables) before it answers.
    const [first, second] = await Promise.all([startApi(), startApi()]);
    const store = databaseRegistryStore(pool);
    const context = { command: 'pnpm release promote seller v2 --canary 10 --auto', now: new Date() };
    await store.update((registry) =>
      startRollout(promoteLive(registry, 'seller', 'v1', context), 'seller', 'v2', 10, context),
    );

    // Page loads reach either instance; either may decide, neither decides twice.
    for (const [index, base] of [first.base, second.base, first.base, second.base].entries()) {
      const answer = await fetch(`${base}/api/telemetry`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ reports: canaryLoads(index < 2 ? 2 : 4) }),
      });
      expect(answer.status).toBe(202);
    }
    const seller = await until(
      async () => (await store.read()).remotes.seller!,
      (record) => record.live === 'v2',
      'v2 live',
    );
    expect(seller.canary).toBeNull();
    expect(seller.rollout).toBeUndefined();
    const { rows } = await pool.query<{ action: string; to_version: string; command: string }>(
      "SELECT action, to_version, entry->>'command' AS command FROM release_history WHERE unit = 'seller' ORDER BY id",
    );
    expect(rows.map((row) => [row.action, row.to_version, row.command])).toEqual([
      ['promote', 'v1', context.command],
      ['canary', 'v2', context.command],
      ['canary', 'v2', 'automatic rollout (API)'],
      ['promote', 'v2', 'automatic rollout (API)'],
    ]);

    const { stdout } = await promisify(execFile)(
      path.join(ROOT, 'node_modules', '.bin', 'tsx'),
      [path.join(ROOT, 'tooling', 'release', 'cli.ts'), 'list', 'seller', '--json'],
      { cwd: ROOT, env: { ...process.env, ...registryEnv() } },
    );
    const listed = JSON.parse(stdout) as { remotes: Record<string, { live: string | null; history: unknown[] }> };
    expect(listed.remotes.seller).toMatchObject({ live: 'v2' });
    expect(listed.remotes.seller?.history).toHaveLength(4);
  },
  120_000,
);

/** A kept release as the shell's server reads it: its release.json (and the shell's own remotes.json). */
function keepRelease(unit: string, version: string) {
  const folder = path.join(dataDir, 'releases', unit, version);
  fs.mkdirSync(folder, { recursive: true });
  const release = { version, builtAt: new Date().toISOString(), contract: { shared: '8.1.0', singletons: {} }, routes: [] };
  fs.writeFileSync(path.join(folder, 'release.json'), JSON.stringify(release));
  if (unit === 'shell') fs.writeFileSync(path.join(folder, 'remotes.json'), '[]');
}

/** `node --import tsx tooling/serve/serve.mts shell <port>`: a shell server of the product, on the registry in PostgreSQL. */
async function startShellServer(port: number): Promise<string> {
  const serve = path.join(ROOT, 'tooling', 'serve', 'serve.mts');
  const child = spawn(process.execPath, ['--import', 'tsx', serve, 'shell', String(port)], {
    cwd: ROOT,
    env: { ...process.env, ...registryEnv() },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes(`:${port}`)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the shell server exited (${code})`)));
  });
  return `http://127.0.0.1:${port}`;
}

const sellerServedBy = async (base: string) => {
  const remotes = (await (await fetch(`${base}/remotes.json`)).json()) as { name: string; version?: string }[];
  return remotes.find((remote) => remote.name === 'seller')?.version;
};

(databaseUrl ? it : it.skip)('a promote is served by every shell server within a second', async () => {
  keepRelease('shell', 's1');
  for (const version of ['v1', 'v2']) keepRelease('seller', version);
  const store = databaseRegistryStore(pool);
  const context = (command: string) => ({ command, now: new Date() });
  await store.update((registry) => promoteLive(registry, 'shell', 's1', context('promote shell s1')));
  await store.update((registry) => promoteLive(registry, 'seller', 'v1', context('promote seller v1')));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const shells = await Promise.all([startShellServer(port), startShellServer(port + 1)]);
  for (const base of shells) expect(await sellerServedBy(base)).toBe('v1');

  await store.update((registry) => promoteLive(registry, 'seller', 'v2', context('promote seller v2')));
  const promotedAt = Date.now();
  for (const base of shells)
    await until(() => sellerServedBy(base), (version) => version === 'v2', `v2 from ${base}`, 1000);
  expect(Date.now() - promotedAt).toBeLessThan(1000);
}, 60_000);
