#!/usr/bin/env node
// `pnpm bench:lighthouse`: builds for production (and the one-bundle shell when
// scripts/build-one-bundle.mjs exists), serves the composed product with a fresh data folder, and runs
// Lighthouse (performance only, default simulated throttling) on /, /booklist and one book's details,
// signed out, with the mobile and the desktop preset, in a fresh Chromium profile each run (cold cache).
// When shell/dist-one-bundle/ exists it is served on :3100 (remotes bundled in) and / and /booklist are
// measured there too, for the "federation tax": the JavaScript the federated build sends beyond it.
// Prints the median of BENCH_LH_RUNS runs (default 3) per page x variant x preset and writes every
// run's figures and the medians to reports/bench-lighthouse.json. Runs are sequential, one Chromium at
// a time; run it alone on the machine (under `flock /tmp/bookswap-heavy.lock` where cores are shared).
//
//   --no-build      measure the existing builds (shell/dist-one-bundle/ is used when present)
//   --reuse         measure a product that already answers on :3000 and :5000 (and :3100) instead of
//                   launching one (its API must allow http://localhost:3100 for the one-bundle variant's data)
//   --keep-reports  also write each run's full Lighthouse HTML report under reports/lighthouse/
//   BENCH_LH_RUNS=5                 runs per page x variant x preset
//   BENCH_LH_ONE_BUNDLE_DIR=folder  another one-bundle build than shell/dist-one-bundle
//   BENCH_LH_PAGES=/,/booklist      only these pages (labels as printed); BENCH_LH_PRESETS=mobile only these presets
//   BENCH_LH_SETS='shell=V storefront=V;shell=V storefront=V'
//                                   compare release sets (releases already built): each round promotes each set in
//                                   turn on the one product, the order swapped every round, so a slow spell of a
//                                   shared VM falls on both; rows are "set 1", "set 2", ... (no one-bundle variant)
//
// Lighthouse 13.5.0 declares node >=22.19 but runs on this project's Node 20.19+ (checked on 20.20).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { launch as launchChromium } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tooling/product/chromium.mts';
import { launchProduct, promoteLastBuild, promoteReleases, ROOT } from '../tooling/product/launch-product.mts';
import { answers } from '../tooling/product/managed-process.mts';
import { serveShellBuild } from '../tooling/serve/serve-package.mts';
import { readCommandLine } from '../tooling/product/command-line.mts';

const { values: flags } = readCommandLine({
  usage: `usage: pnpm bench:lighthouse [--no-build] [--reuse] [--keep-reports]
  --no-build      measure the existing builds (shell/dist-one-bundle/ is used when present)
  --reuse         measure a product that already answers on :3000 and :5000 (and :3100) instead of launching one
  --keep-reports  also write each run's full Lighthouse HTML report under reports/lighthouse/
settings: BENCH_LH_RUNS, BENCH_LH_ONE_BUNDLE_DIR, BENCH_LH_PAGES, BENCH_LH_PRESETS, BENCH_LH_SETS (see the script's head)`,
  options: {
    'no-build': { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
    'keep-reports': { type: 'boolean', default: false },
  },
});

const API = 'http://localhost:5000';
const FEDERATED = 'http://localhost:3000';
const ONE_BUNDLE_PORT = 3100;
const ONE_BUNDLE_DIST = resolve(ROOT, process.env.BENCH_LH_ONE_BUNDLE_DIR ?? join('shell', 'dist-one-bundle'));
const RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
const ALL_PRESETS = { mobile: undefined, desktop: desktopConfig };
const listed = (text) =>
  text
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const PRESETS = Object.fromEntries(
  Object.entries(ALL_PRESETS).filter(([name]) => listed(process.env.BENCH_LH_PRESETS)?.includes(name) ?? true),
);
const PAGES = listed(process.env.BENCH_LH_PAGES);
/** The release sets to compare, each as `unit=version` words (BENCH_LH_SETS). */
const SETS = process.env.BENCH_LH_SETS?.split(';')
  .map((set) => set.trim().split(/\s+/).filter(Boolean))
  .filter((set) => set.length);
const CATEGORIES = ['performance'];
const keepReports = flags['keep-reports'];
const reuse = flags.reuse;

if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`BENCH_LH_RUNS must be a positive integer, not ${RUNS}`);
if (!Object.keys(PRESETS).length) throw new Error(`BENCH_LH_PRESETS names none of ${Object.keys(ALL_PRESETS)}`);
if (SETS?.some((set) => set.some((word) => !/^\w+=\S+$/.test(word))))
  throw new Error('BENCH_LH_SETS: each set is unit=version words, sets apart by ";"');

function run(script) {
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts', script)], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!flags['no-build']) {
  run('build-all.mjs');
  if (existsSync(join(ROOT, 'scripts', 'build-one-bundle.mjs'))) run('build-one-bundle.mjs');
}
const oneBundle = existsSync(join(ONE_BUNDLE_DIST, 'index.html'));

/** server/src/config.ts defaultCorsOrigins(), plus the one-bundle shell's origin. */
function corsOrigins() {
  const origins = [];
  for (const port of [3000, 3001, 3002, 3003, 3004, ONE_BUNDLE_PORT])
    origins.push(`http://localhost:${port}`, `http://127.0.0.1:${port}`);
  return origins.join(',');
}

async function firstBookId() {
  const response = await fetch(`${API}/api/category/list?search=&page=0&size=20`);
  const id = response.ok ? (await response.json()).products?.[0]?._id : undefined;
  if (!id) throw new Error(`no book to open: GET /api/category/list answered ${response.status}`);
  return id;
}

/** Every page x variant x preset, in the order one round measures them. */
function targetsOf(bookId) {
  const pages = [
    { label: '/', path: '/' },
    { label: '/booklist', path: '/booklist' },
    { label: '/bookDetails/:id', path: `/bookDetails/${bookId}` },
  ].filter((page) => PAGES?.includes(page.label) ?? true);
  const variants = SETS
    ? SETS.map((set, index) => ({ variant: `set ${index + 1}`, base: FEDERATED, pages, set }))
    : [{ variant: 'federated', base: FEDERATED, pages }];
  if (oneBundle && !SETS)
    variants.push({ variant: 'one-bundle', base: `http://localhost:${ONE_BUNDLE_PORT}`, pages: pages.slice(0, 2) });
  return variants.flatMap(({ variant, base, pages: measured, set }) =>
    measured.flatMap((page) =>
      Object.keys(PRESETS).map((preset) => ({ ...page, variant, preset, set, url: `${base}${page.path}` })),
    ),
  );
}

/** Makes a compared release set live (the registry is the run's own), unless it already is. */
async function promoteSet(set) {
  if (!set || !promoteReleases(Object.fromEntries(set.map((word) => word.split('='))), { log: () => undefined }))
    return;
  // A promote is live on the next page load within 1 s (the shell's server rereads the registry).
  await new Promise((resolve) => setTimeout(resolve, 1_500));
}

/** The figures of one Lighthouse result: metrics in ms, bytes as transferred (gzip, headers included). */
function figuresOf(lhr) {
  const metric = (id) => lhr.audits[id]?.numericValue ?? null;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((request) => request.resourceType === 'Script');
  const bytes = (list) => list.reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  const score = lhr.categories.performance?.score;
  return {
    score: typeof score === 'number' ? Math.round(score * 100) : null,
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    si: metric('speed-index'),
    jsBytes: bytes(scripts),
    jsFiles: scripts.length,
    requests: requests.length,
    totalBytes: bytes(requests),
  };
}

const slug = (text) => text.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
let chromium;

/** One Lighthouse run in a Chromium of its own: a fresh profile, so a cold cache and nobody signed in. */
async function measure(target, round) {
  const started = Date.now();
  const entry = { page: target.label, variant: target.variant, preset: target.preset, run: round, url: target.url };
  try {
    chromium = await launchChromium({
      chromePath: CHROMIUM_PATH,
      chromeFlags: CHROMIUM_ARGS,
      logLevel: 'silent',
      handleSIGINT: false,
    });
    const flags = {
      port: chromium.port,
      onlyCategories: CATEGORIES,
      logLevel: 'error',
      output: keepReports ? 'html' : 'json',
    };
    const result = await lighthouse(target.url, flags, PRESETS[target.preset]);
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    Object.assign(entry, {
      finalUrl: lhr.finalDisplayedUrl,
      lighthouseVersion: lhr.lighthouseVersion,
      benchmarkIndex: lhr.environment?.benchmarkIndex,
      throttling: lhr.configSettings.throttling,
      warnings: lhr.runWarnings,
      figures: figuresOf(lhr),
    });
    if (lhr.runtimeError) entry.error = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
    else if (entry.figures.score === null) entry.error = 'no performance score';
    if (keepReports) {
      const folder = join(ROOT, 'reports', 'lighthouse');
      mkdirSync(folder, { recursive: true });
      const name = `${target.variant}-${slug(target.label)}-${target.preset}-${round}.html`;
      writeFileSync(join(folder, name), result.report);
    }
  } catch (error) {
    entry.error = error instanceof Error ? error.message : String(error);
  } finally {
    await chromium?.kill();
    chromium = undefined;
  }
  entry.seconds = (Date.now() - started) / 1000;
  return entry;
}

function median(values) {
  const sorted = values.filter((value) => typeof value === 'number').sort((a, b) => a - b);
  if (!sorted.length) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The median of each figure over the runs of one target that succeeded. */
function summarize(targets, runs) {
  return targets.map(({ label, variant, preset, url }) => {
    const mine = runs.filter((entry) => entry.page === label && entry.variant === variant && entry.preset === preset);
    const ok = mine.filter((entry) => !entry.error);
    const keys = Object.keys(ok[0]?.figures ?? figuresOf({ audits: {}, categories: {} }));
    const medians = Object.fromEntries(keys.map((key) => [key, median(ok.map((entry) => entry.figures[key]))]));
    return { page: label, variant, preset, url, runs: mine.length, ok: ok.length, medians };
  });
}

const kib = (bytes) => bytes / 1024;

function printTable(summary) {
  const fixed = (value, digits) => (value === null ? 'n/a' : value.toFixed(digits));
  const header = [
    ...['page', 'variant', 'preset', 'score', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'SI ms'],
    ...['JS KiB', 'JS files', 'requests', 'runs ok'],
  ];
  const rows = summary.map(({ page, variant, preset, runs, ok, medians: m }) => [
    page,
    variant,
    preset,
    fixed(m.score, 0),
    fixed(m.fcp, 0),
    fixed(m.lcp, 0),
    fixed(m.tbt, 0),
    fixed(m.cls, 3),
    fixed(m.si, 0),
    m.jsBytes === null ? 'n/a' : fixed(kib(m.jsBytes), 1),
    fixed(m.jsFiles, 0),
    fixed(m.requests, 0),
    `${ok}/${runs}`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells) =>
    `| ${cells.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join(' | ')} |`;
  console.log(`\nLighthouse, median of ${RUNS} run(s) per row (signed out, cold cache, simulated throttling):\n`);
  console.log(line(header));
  console.log(
    `|${widths.map((width, column) => (column < 3 ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`,
  );
  for (const row of rows) console.log(line(row));
}

/** JavaScript the federated build transfers beyond the one-bundle build, per page and preset. */
function federationTax(summary) {
  const taxes = [];
  for (const one of summary.filter((row) => row.variant === 'one-bundle')) {
    const federated = summary.find(
      (row) => row.variant === 'federated' && row.page === one.page && row.preset === one.preset,
    );
    const [fed, bundled] = [federated?.medians.jsBytes, one.medians.jsBytes];
    const ratio = fed && bundled ? fed / bundled - 1 : null;
    taxes.push({ page: one.page, preset: one.preset, federatedJsBytes: fed, oneBundleJsBytes: bundled, ratio });
    const percent = ratio === null ? 'n/a' : `${ratio >= 0 ? '+' : ''}${(ratio * 100).toFixed(1)} %`;
    console.log(
      `${one.page.padEnd(10)} ${one.preset.padEnd(8)} JS ${kib(fed ?? 0).toFixed(1)} KiB in ${federated?.medians.jsFiles ?? 'n/a'} files ` +
        `federated vs ${kib(bundled ?? 0).toFixed(1)} KiB in ${one.medians.jsFiles ?? 'n/a'} one-bundle: federation tax ${percent}`,
    );
  }
  return taxes;
}

function chromiumVersion() {
  const result = spawnSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' });
  return result.stdout?.trim() || null;
}

function machine() {
  const lighthousePackage = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'lighthouse', 'package.json'), 'utf8'));
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryGiB: Number((totalmem() / 2 ** 30).toFixed(1)),
    node: process.version,
    chromium: chromiumVersion(),
    lighthouse: lighthousePackage.version,
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'bookswap-bench-lh-'));
const log = (line) => line.startsWith('[product]') && console.log(line);
let product;
let oneBundleServer;
let stopped;

function stopAll() {
  stopped ??= (async () => {
    await chromium?.kill();
    await oneBundleServer?.close();
    await product?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  })();
  return stopped;
}

// The product's processes lead their own process groups: Ctrl-C must stop them here.
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void stopAll().finally(() => process.exit(130)));

const started = Date.now();
try {
  const oneBundleUrl = `http://localhost:${ONE_BUNDLE_PORT}`;
  // Another product (or one-bundle server) on these ports would be measured, or would answer for ours.
  const busy = [FEDERATED, `${API}/health`, ...(oneBundle ? [oneBundleUrl] : [])];
  const answering = [];
  for (const url of busy) if (await answers(url)) answering.push(url);
  if (reuse && answering.includes(FEDERATED) && answering.includes(`${API}/health`)) {
    console.log(`[bench] --reuse: measuring what already answers on ${answering.join(', ')}`);
  } else if (answering.length) {
    throw new Error(`${answering.join(', ')} already answer(s): stop that product, or pass --reuse to measure it`);
  }
  if (oneBundle && !answering.includes(oneBundleUrl)) {
    // Served as the shell is served (tooling/serve/serve-package.mts).
    oneBundleServer = serveShellBuild(ONE_BUNDLE_DIST, ONE_BUNDLE_PORT);
    try {
      await oneBundleServer.listen();
    } catch (error) {
      oneBundleServer = undefined;
      throw new Error(`cannot serve ${ONE_BUNDLE_DIST} on :${ONE_BUNDLE_PORT}: ${error.message}`, { cause: error });
    }
    console.log(`[bench] ${ONE_BUNDLE_DIST} on ${oneBundleUrl}`);
  } else if (!oneBundle) console.log(`[bench] no ${ONE_BUNDLE_DIST}/index.html: measuring the federated build only`);
  if (!answering.includes(FEDERATED)) {
    const apiEnv = oneBundle ? { CORS_ORIGINS: corsOrigins() } : {};
    // The releases the last build made, live in a registry of the run's own.
    process.env.BOOKSWAP_RELEASE_REGISTRY = join(dataDir, 'release-registry.json');
    promoteLastBuild({ log: () => undefined });
    product = await launchProduct({ dataDir, log, apiEnv });
  }

  const bookId = await firstBookId();
  const targets = targetsOf(bookId);
  console.log(`[bench] ${targets.length} page x variant x preset, ${RUNS} round(s); book ${bookId}`);
  const runs = [];
  // Round by round, so a slow spell of the machine spreads over every target instead of one.
  for (let round = 1; round <= RUNS; round++) {
    // Compared sets take turns, the order swapped every round.
    const ordered = SETS && round % 2 === 0 ? [...targets].reverse() : targets;
    for (const target of ordered) {
      await promoteSet(target.set);
      const entry = await measure(target, round);
      runs.push(entry);
      const f = entry.figures;
      const figures = f ? `score ${f.score} LCP ${Math.round(f.lcp)} ms JS ${kib(f.jsBytes).toFixed(1)} KiB` : '';
      console.log(
        `[bench] ${round}/${RUNS} ${target.variant} ${target.preset} ${target.label}: ` +
          `${entry.error ? `FAILED (${entry.error})` : figures} ${entry.seconds.toFixed(1)} s`,
      );
    }
  }

  const summary = summarize(targets, runs);
  printTable(summary);
  for (const [index, set] of (SETS ?? []).entries()) console.log(`set ${index + 1}: ${set.join(' ')}`);
  console.log('');
  const taxes = oneBundle ? federationTax(summary) : [];
  const failed = runs.filter((entry) => entry.error);
  if (failed.length) {
    console.log(`\n${failed.length} of ${runs.length} runs FAILED:`);
    for (const entry of failed)
      console.log(`  ${entry.variant} ${entry.preset} ${entry.page} run ${entry.run}: ${entry.error}`);
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`\n${runs.length} Lighthouse runs in ${seconds} s`);

  const report = {
    measuredAt: new Date().toISOString(),
    settings: {
      runs: RUNS,
      categories: CATEGORIES,
      presets: Object.keys(PRESETS),
      throttlingMethod: 'simulate',
      chromiumFlags: CHROMIUM_ARGS,
      reusedProduct: Boolean(reuse && !product),
      oneBundle: oneBundle && !SETS,
      sets: SETS?.map((set, index) => ({ variant: `set ${index + 1}`, releases: set.join(' ') })),
      bookId,
      units: { times: 'ms', bytes: 'bytes transferred (compressed, headers included)', score: '0-100' },
    },
    machine: machine(),
    seconds,
    medians: summary,
    federationTax: taxes,
    runs,
  };
  mkdirSync(join(ROOT, 'reports'), { recursive: true });
  const out = join(ROOT, 'reports', 'bench-lighthouse.json');
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`written ${out}`);
  if (failed.length) process.exitCode = 1;
} finally {
  await stopAll();
}
