// `pnpm bench:ssr`: the shell's server answering public pages rendered, with their head written in and their body
// drawn by the shell's and the storefront's releases (docs/decisions/036, 037), at BENCH_LISTINGS listings (100,000),
// against the page it answers with neither, all on loopback. The API server runs
// on PostgreSQL (DATABASE_URL, or a throwaway cluster from scripts/ci-postgres.sh; PGlite when neither exists), and
// the shell's server in a process of its own on the last build's releases (`node scripts/build-all.mjs` first).
// Three cases, BENCH_SECONDS (10) each with BENCH_CONNECTIONS (10):
// - static: `/login`, the page every non-public path gets, as every page was sent before heads and rendering;
// - cached: 20 public pages asked again and again, each head and body kept after its first answer;
// - uncached: every request a list URL not asked before (search word, page, condition), each head and body computed
//   from the API's answer. Its budgets are raised to 5 s so that each answer carries them, as counted afterwards.
// A fourth case, `render alone` (render-alone.ts; BENCH_SSR_CASES=render), times each public page's render in this
// process, one at a time with its answers kept: the cost of the render itself.
// A fifth, `flood` (ssr-flood.ts): one client asks unique URLs over 50 connections while a second reads the cached
// pages and a static file, beside the same reads quiet; then a burst of 100 listing edits.
// Writes reports/bench-ssr.json. `BENCH_BASELINE=<ref>` compares the first three cases with that commit's, in
// alternating rounds (ssr-baseline.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readLastBuild, writeRegistryAtomically, type Registry } from '../../tooling/release/release-store.mts';
import { runCase, warmUp, type CaseResult } from './api-case-run';
import { benchPostgres, COMMON_WORDS, REPO_ROOT, startBenchServer, stopBenchServer } from './bench-setup';
import { listingsDatabase } from './listings-database';
import { renderAlone, type RenderAloneResult } from './render-alone';
import { compareSsrWithBaseline } from './ssr-baseline';
import { floodCase, type FloodResult } from './ssr-flood';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** BENCH_SSR_CASES: the cases to run, by the start of their names (`cached,uncached`); all by default. */
const ONLY = (process.env.BENCH_SSR_CASES ?? '').split(',').filter(Boolean);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SHELL_PORT = 38_700;
const wanted = (name: string) => !ONLY.length || ONLY.some((start) => name.startsWith(start));
const REPORT = path.join(REPO_ROOT, 'reports', 'bench-ssr.json');
const CONDITIONS = ['', 'Excellent', 'Good', 'Fair'];
/** The shell server's memory bound in the flood case (BOOKSWAP_SHELL_MEMORY_MB). */
const FLOOD_MEMORY_MB = Number(process.env.BENCH_FLOOD_MEMORY_MB ?? 512);

const CACHED_PAGES = [
  '/',
  '/category',
  ...Array.from({ length: 9 }, (_, i) => `/category/${i + 1}`),
  '/booklist',
  '/booklist?page=1',
  '/booklist?condition=Good',
  '/booklist?search=amber',
  '/booklist?search=castle&page=2',
  '/booklist?sort=price_asc',
  '/booklist?verified=1',
  '/category/3?condition=Excellent',
  '/booklist?minPrice=5&maxPrice=20',
];

/**
 * List URLs none of which repeats within a run: search word x page x condition, each in its one spelling (the
 * storefront's `canonicalPage`: search, condition, then page, the first page without one), so none is a redirect.
 */
function uncachedPages(): string[] {
  return COMMON_WORDS.flatMap((word) =>
    Array.from({ length: 25 }, (_, page) =>
      CONDITIONS.map(
        (condition) =>
          `/booklist?search=${word}${condition && `&condition=${condition}`}${page ? `&page=${page}` : ''}`,
      ),
    ).flat(),
  );
}

/** A registry of the bench's own over the last build's releases, every unit live (as `npm start` promotes them). */
function benchReleases(): { dir: string; remove(): void } {
  const built = readLastBuild();
  if (!built.shell || !built.storefront) throw new Error('Build the product first: node scripts/build-all.mjs');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookswap-bench-ssr-'));
  const remotes: Registry['remotes'] = {};
  for (const [unit, version] of Object.entries(built)) {
    if (!version) continue;
    fs.symlinkSync(path.join(REPO_ROOT, 'releases', unit), path.join(dir, unit));
    remotes[unit] = { live: version, canary: null, history: [] };
  }
  writeRegistryAtomically({ remotes }, path.join(dir, 'registry.json'));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The shell's server, as `npm start` serves it (`tooling/serve/serve.mts`), in a process of its own. */
export async function startShellServer(
  releases: string,
  apiUrl: string,
  budgetMs: number,
  env: NodeJS.ProcessEnv = {},
): Promise<ChildProcess> {
  const serve = path.join(REPO_ROOT, 'tooling', 'serve', 'serve.mts');
  // BENCH_SHELL_NODE_ARGS: Node's options for it, e.g. `--cpu-prof --cpu-prof-dir=reports/ssr-profile`.
  const nodeArgs = (process.env.BENCH_SHELL_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', serve, 'shell', String(SHELL_PORT)], {
    env: {
      ...process.env,
      BOOKSWAP_RELEASES_DIR: releases,
      BOOKSWAP_API_URL: apiUrl,
      BOOKSWAP_SERVER_API_URL: apiUrl,
      BOOKSWAP_PUBLIC_URL: 'https://books.example',
      BOOKSWAP_PAGE_RENDER_BUDGET_MS: String(budgetMs),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes(`:${SHELL_PORT}`) && resolve());
    child.once('exit', (code) => reject(new Error(`the shell's server ended (${code})`)));
  });
  return child;
}

const base = `http://127.0.0.1:${SHELL_PORT}`;

/** How many of `paths` come back with a head and a body (a sample, asked once more after the run). */
async function rendered(paths: string[]): Promise<string> {
  const answers = await Promise.all(paths.map(async (page) => (await fetch(`${base}${page}`)).text()));
  const heads = answers.filter((page) => page.includes('data-page-head')).length;
  const bodies = answers.filter((page) => /<div id="root"><[a-z]/.test(page)).length;
  return `${heads} and ${bodies} of ${paths.length}`;
}

async function main(): Promise<void> {
  const postgres = benchPostgres(true, { dir: 'bookswap-bench-ssr-postgres', port: 55732, db: 'bookswap_ssr' });
  const releases = benchReleases();
  const database = await listingsDatabase(postgres.databaseUrl ? 'postgres' : 'pglite', LISTINGS, postgres.databaseUrl);
  const api = await startBenchServer(database.env);
  const results: (CaseResult & { rendered: string })[] = [];
  let alone: RenderAloneResult[] = [];
  let flood: FloodResult | null = null;
  try {
    const cases = [
      { name: 'static page (/login)', paths: ['/login'], budgetMs: 150 },
      { name: 'cached pages (20 public pages)', paths: CACHED_PAGES, budgetMs: 150 },
      { name: 'uncached pages (a new list URL each)', paths: uncachedPages(), budgetMs: 5_000 },
    ];
    for (const { name, paths, budgetMs } of cases.filter(({ name }) => wanted(name))) {
      // These cases measure what the server can answer, not its limits per client (the flood case does): one client
      // asks every page, and every render is admitted.
      const unbounded = {
        BOOKSWAP_PAGES_PER_CLIENT_MINUTE: '0',
        BOOKSWAP_RENDERS_PER_CLIENT_MINUTE: '0',
        BOOKSWAP_RENDER_QUEUE: String(CONNECTIONS * 2),
      };
      const shell = await startShellServer(releases.dir, api.base, budgetMs, unbounded);
      try {
        // The cached pages are rendered here, before the clock starts; the uncached case asks new URLs.
        if (paths.length < 100) await Promise.all(paths.map((page) => fetch(`${base}${page}`).then((r) => r.text())));
        else await warmUp(base, '/login');
        const result = await runCase({
          engine: 'shell',
          name,
          base,
          paths,
          connections: CONNECTIONS,
          seconds: SECONDS,
        });
        const asked = paths.slice(0, Math.min(paths.length, result.requests));
        const sample = asked.filter((_, i) => i % Math.max(1, Math.floor(asked.length / 20)) === 0).slice(0, 20);
        results.push({ ...result, rendered: await rendered(sample) });
      } finally {
        await stopBenchServer(shell);
      }
    }
    if (wanted('flood')) {
      const shell = await startShellServer(releases.dir, api.base, 150, {
        BOOKSWAP_TRUST_PROXY: 'loopback',
        BOOKSWAP_SHELL_MEMORY_MB: String(FLOOD_MEMORY_MB),
      });
      try {
        flood = await floodCase({ shell, base, cachedPages: CACHED_PAGES, seconds: SECONDS, database: database.env });
      } finally {
        await stopBenchServer(shell);
      }
    }
    if (wanted('render alone')) {
      // The releases and configuration a browser gets, from the shell's server, which then stops: nothing else runs.
      const shell = await startShellServer(releases.dir, api.base, 150);
      const read = async (file: string) => (await fetch(`${base}${file}`)).json() as Promise<object>;
      const [remotes, config] = await Promise.all([read('/remotes.json'), read('/config.json')]).finally(() =>
        stopBenchServer(shell),
      );
      alone = await renderAlone({ apiUrl: api.base, remotes, config, seconds: SECONDS / 2 });
    }
  } finally {
    await stopBenchServer(api.child);
    await database.remove();
    releases.remove();
    postgres.stop();
  }
  const lines = [
    '| case | pages/s | p50 | p95 | p99 | failed | with head and body (sample) |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.requestsPerSecond} | ${r.p50} ms | ${r.p95} ms | ${r.p99} ms | ${r.non2xx + r.errors} | ${r.rendered} |`,
    ),
  ];
  console.log(
    `\nbench:ssr, ${LISTINGS} listings, ${CONNECTIONS} connections, ${SECONDS} s a case, ${os.cpus().length} cores:\n`,
  );
  console.log(lines.join('\n'));
  if (flood) {
    console.log(`\nflood: one client, unique URLs over 50 connections, ${SECONDS} s, beside a second client:\n`);
    console.log(flood.table);
  }
  if (alone.length) {
    console.log('\nrender alone: one page at a time in this process, its API answers kept:\n');
    console.log(
      [
        '| page | renders | median | p95 | pages/s of one core | elements | MUI components | style elements | body |',
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
        ...alone.map(
          (r) =>
            `| ${r.page} | ${r.renders} | ${r.medianMs} ms | ${r.p95Ms} ms | ${r.pagesPerSecond} | ${r.elements} | ${r.muiComponents} | ${r.styleElements} | ${r.bodyKb} KB |`,
        ),
      ].join('\n'),
    );
  }
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  fs.writeFileSync(
    REPORT,
    JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        listings: LISTINGS,
        connections: CONNECTIONS,
        results,
        flood,
        renderAlone: alone,
      },
      null,
      2,
    ),
  );
  console.log(`\nwritten ${REPORT}`);
}

const baselineRef = process.env.BENCH_BASELINE;
(baselineRef ? compareSsrWithBaseline(baselineRef, Number(process.env.BENCH_ROUNDS ?? 4)) : main()).catch(
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
