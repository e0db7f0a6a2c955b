import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { promoteLive, startRollout, type Registry } from '@bookswap/shared/releases';
import type { ReleaseFiguresSnapshot, PageLoadReport } from '@bookswap/shared/schemas';
import { spawnServer } from '../../testing/server-process';
import { pageLoadTicket } from '../../testing/telemetry-samples';
import { TEST_PAGE_LOAD_SECRET } from '../../testing/test-server';

/**
 * The automatic canary (decision 026) runs inside the API process (main.ts starts its worker) and its state is
 * the registry, so an API killed mid-rollout and started again carries on where it stopped.
 */
let dataDir: string;
let registryFile: string;
let schema: string | undefined;
const children: ChildProcess[] = [];

async function withPostgres(statement: string) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(statement);
  await client.end();
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookswap-rollout-'));
  registryFile = path.join(dataDir, 'registry.json');
  if (process.env.DATABASE_URL) {
    schema = `rollout_${randomBytes(4).toString('hex')}`;
    await withPostgres(`CREATE SCHEMA ${schema}`);
  }
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (schema) await withPostgres(`DROP SCHEMA ${schema} CASCADE`);
});

async function startApi() {
  const server = await spawnServer(
    {
      ...process.env,
      DATA_DIR: dataDir,
      AUTH_MODE: 'emulator',
      SEED: 'none',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'rollout-test-secret-long-enough-00000000000',
      BOOKSWAP_PAGE_LOAD_SECRET: TEST_PAGE_LOAD_SECRET,
      BOOKSWAP_RELEASE_REGISTRY: registryFile,
      RELEASE_AUTO_MIN_LOADS: '4',
      RELEASE_AUTO_MIN_MINUTES: '0',
      RELEASE_AUTO_TICK_MS: '200',
      ...(schema ? { DATABASE_SCHEMA: schema } : {}),
    },
    { timeoutMs: 60_000, captureOutput: true },
  );
  children.push(server.child);
  return server;
}

const sellerRecord = () => (JSON.parse(fs.readFileSync(registryFile, 'utf8')) as Registry).remotes.seller!;

async function until(check: () => boolean, what: string, waitMs = 20_000) {
  const deadline = Date.now() + waitMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(sellerRecord())}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const canaryLoads = (count: number, outcome: 'loaded' | 'entry' = 'loaded') =>
  Array.from(
    { length: count },
    (): PageLoadReport => ({
      kind: 'load',
      remote: 'seller',
      version: 'v2',
      channel: 'canary',
      route: '/dashboard/myproduct',
      outcome,
      pageLoad: pageLoadTicket(),
    }),
  );

async function send(base: string, reports: PageLoadReport[]) {
  const answer = await fetch(`${base}/api/telemetry`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify({ reports }),
  });
  expect(answer.status).toBe(202);
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

it('a rollout started by the command moves on inside the API, and carries on after the API is killed and started again', async () => {
  const now = new Date();
  const context = { command: 'pnpm release promote seller v2 --canary 10 --auto', now };
  const empty: Registry = { remotes: { seller: { live: null, canary: null, history: [] } } };
  fs.writeFileSync(registryFile, JSON.stringify(startRollout(promoteLive(empty, 'seller', 'v1', context), 'seller', 'v2', 10, context)));

  const first = await startApi();
  await send(first.base, canaryLoads(4));
  await until(() => sellerRecord().canary?.percent === 50, 'the step to 50 %');
  expect(sellerRecord().rollout).toMatchObject({ version: 'v2', steps: [50, 100], percent: 50 });
  await kill(first.child);

  // With no API running the registry alone says where the rollout stands. Read before the restart: the new API's
  // first look may already move it on, since the loads of the step's first minute count toward it.
  expect(sellerRecord().rollout?.stepStartedAt).toBeDefined();
  // Started again: nothing in memory.
  const second = await startApi();
  await send(second.base, canaryLoads(4));
  // The first API may have been killed inside its next step's registry lock; the lock protocol takes over a lock
  // older than 30 s, so the second API can need that long before it may write.
  await until(() => sellerRecord().live === 'v2', 'v2 live', 50_000);
  const record = sellerRecord();
  expect(record.canary).toBeNull();
  expect(record.rollout).toBeUndefined();
  expect(record.history.map((change) => [change.action, change.to, change.command])).toEqual([
    ['promote', 'v1', context.command],
    ['canary', 'v2', context.command],
    ['canary', 'v2', 'automatic rollout (API)'],
    ['promote', 'v2', 'automatic rollout (API)'],
  ]);
  expect(record.history.at(-1)?.reason).toMatch(/^live for every browser after 50 %: canary 0\.0 % errors/);
  // And the figures for `pnpm release list`, written beside the registry at every tick.
  await until(() => fs.existsSync(`${dataDir}/registry.figures.json`), 'the figures file');
  await until(() => {
    const figures = JSON.parse(fs.readFileSync(`${dataDir}/registry.figures.json`, 'utf8')) as ReleaseFiguresSnapshot;
    return figures.remotes.seller?.v2?.lastHour.pageLoads === 8;
  }, 'v2’s 8 page loads in the figures');
  await kill(second.child);
}, 120_000);
