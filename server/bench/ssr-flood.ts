// `pnpm bench:ssr`'s flood case (docs/decisions/043): what one client's flood of unique URLs does to another client
// reading the cached public pages and to the shell's static files, side by side with the same reads quiet, on one
// shell's server; its peak memory against its bound; and what a burst of 100 listing edits costs in renders.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { runCase, type CaseResult } from './api-case-run';

export interface FloodResult {
  quiet: { pages: CaseResult; files: CaseResult };
  flooded: { pages: CaseResult; files: CaseResult };
  flood: { requests: number; perSecond: number; statuses: Record<string, number> };
  peakRssMb: number;
  memoryBoundMb: number;
  burst: { edits: number; cachedPages: number; renders: number };
  table: string;
}

interface FloodRun {
  shell: ChildProcess;
  base: string;
  cachedPages: string[];
  seconds: number;
  /** The API's database settings (DATABASE_URL, DATABASE_SCHEMA): the burst edits listings there. */
  database: NodeJS.ProcessEnv;
}

/**
 * The other visitors, behind the same trusted proxy as the flood's: 250 addresses in turn, each well within its
 * pages a minute, as a crowd of readers is (one reader at thousands of pages a second would be a flood itself).
 */
const READERS = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n % 250}` });

/** The shell server's render state, as it prints it on SIGUSR2 (tooling/serve/serve.mts). */
function renderState(shell: ChildProcess): Promise<{ pages: { renders: number } }> {
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      const line = chunk
        .toString()
        .split('\n')
        .find((text) => text.startsWith('[render-state] '));
      if (!line) return;
      shell.stdout!.off('data', onData);
      resolve(JSON.parse(line.slice('[render-state] '.length)));
    };
    shell.stdout!.on('data', onData);
    shell.kill('SIGUSR2');
  });
}

/** The process's peak resident memory so far, in MB (Linux's VmHWM). */
function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024);
}

/** The flood, from ssr-flood-client.ts in a process of its own, for `seconds`. */
function floodFor(base: string, seconds: number): Promise<FloodResult['flood']> {
  const client = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'ssr-flood-client.ts')], {
    env: { ...process.env, FLOOD_BASE: base, FLOOD_SECONDS: String(seconds), FLOOD_CONNECTIONS: '50' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  client.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) =>
    client.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(output.trim().split('\n').pop()!)) : reject(new Error(`flood client: ${code}`)),
    ),
  );
}

/** `edits` listing edits, one statement each, as fast as they go: each one moves the catalog's version. */
async function editBurst(database: NodeJS.ProcessEnv, edits: number): Promise<void> {
  if (!database.DATABASE_URL) throw new Error('the flood case edits listings on PostgreSQL');
  const client = new pg.Client({ connectionString: database.DATABASE_URL });
  await client.connect();
  try {
    if (database.DATABASE_SCHEMA) await client.query(`SET search_path TO "${database.DATABASE_SCHEMA}"`);
    const { rows } = await client.query<{ id: string }>('SELECT id FROM products ORDER BY id LIMIT $1', [edits]);
    for (const { id } of rows) await client.query('UPDATE products SET description = description WHERE id = $1', [id]);
  } finally {
    await client.end();
  }
}

export async function floodCase({ shell, base, cachedPages, seconds, database }: FloodRun): Promise<FloodResult> {
  const login = await (await fetch(`${base}/login`)).text();
  // The shell's entry, named in the page's start-up script.
  const file = /\/_shell\/[\w.+-]+\/main\.[0-9a-f]+\.js/.exec(login)?.[0];
  if (!file) throw new Error('the page names no script of the shell');
  await Promise.all(cachedPages.map((page) => fetch(`${base}${page}`, { headers: READERS(0) }).then((r) => r.text())));
  const reads = (name: string) => ({
    pages: () =>
      runCase({
        engine: 'shell',
        name: `${name}: cached pages`,
        base,
        paths: cachedPages,
        connections: 10,
        seconds,
        headersOf: READERS,
      }),
    files: () =>
      runCase({
        engine: 'shell',
        name: `${name}: a static file`,
        base,
        paths: [file],
        connections: 10,
        seconds,
        headersOf: READERS,
      }),
  });
  const quiet = { pages: await reads('quiet').pages(), files: await reads('quiet').files() };
  const flooding = floodFor(base, seconds * 2 + 2);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const flooded = { pages: await reads('flooded').pages(), files: await reads('flooded').files() };
  const flood = await flooding;
  const peak = peakRssMb(shell.pid!);
  const memoryBoundMb = Number(process.env.BENCH_FLOOD_MEMORY_MB ?? 512);

  // The burst: the cached pages asked all along while 100 edits land, then once more after; renders counted.
  const before = await renderState(shell);
  const asking = runCase({
    engine: 'shell',
    name: 'during 100 edits: cached pages',
    base,
    paths: cachedPages,
    connections: 4,
    seconds: 3,
    headersOf: READERS,
  });
  await editBurst(database, 100);
  await asking;
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const after = await renderState(shell);
  const burst = { edits: 100, cachedPages: cachedPages.length, renders: after.pages.renders - before.pages.renders };

  const share = (flooded: number, quiet: number) => `${Math.round((flooded / quiet) * 100)} %`;
  const table = [
    '| read by the second client | quiet pages/s | p95 | flooded pages/s | p95 | flooded / quiet | target |',
    '|---|---:|---:|---:|---:|---:|---|',
    `| cached public pages | ${quiet.pages.requestsPerSecond} | ${quiet.pages.p95} ms | ${flooded.pages.requestsPerSecond} | ${flooded.pages.p95} ms | ${share(flooded.pages.requestsPerSecond, quiet.pages.requestsPerSecond)} (p95 x${(flooded.pages.p95 / quiet.pages.p95).toFixed(2)}) | >= 50 %, p95 <= x2 |`,
    `| a static file | ${quiet.files.requestsPerSecond} | ${quiet.files.p95} ms | ${flooded.files.requestsPerSecond} | ${flooded.files.p95} ms | ${share(flooded.files.requestsPerSecond, quiet.files.requestsPerSecond)} | >= 50 % |`,
    '',
    `flood: ${flood.requests} requests (${flood.perSecond}/s), statuses ${JSON.stringify(flood.statuses)}; shell server's peak RSS ${peak} MB, bound ${memoryBoundMb} MB`,
    `burst of ${burst.edits} listing edits: ${burst.renders} renders for ${burst.cachedPages} cached pages (target: at most one each)`,
  ].join('\n');
  return { quiet, flooded, flood, peakRssMb: peak, memoryBoundMb, burst, table };
}
