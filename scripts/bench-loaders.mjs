#!/usr/bin/env node
// `pnpm bench:loaders`: each remote's release build (webpack production, the same minifier) with swc-loader and
// with ts-loader in transpile-only mode, BENCH_RUNS times each (default 3), alternating; prints the median seconds
// per remote and loader and writes reports/bench-loaders.json (docs/decisions/022). Builds into temporary folders:
// no release is made.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import units from '@bookswap/shared/units.cjs';

const ROOT = resolve(import.meta.dirname, '..');
const webpack = join(ROOT, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
const REMOTES = units.units.filter((unit) => unit.name !== 'shell').map((unit) => unit.folder);
const LOADERS = ['swc-loader', 'ts-loader'];
const runs = Number(process.env.BENCH_RUNS ?? 3);

function buildSeconds(folder, loader) {
  const out = mkdtempSync(join(tmpdir(), 'bookswap-bench-loader-'));
  const started = process.hrtime.bigint();
  const build = spawnSync(process.execPath, [webpack, '--mode', 'production'], {
    cwd: join(ROOT, folder),
    env: { ...process.env, BOOKSWAP_OUTPUT_DIR: out, BOOKSWAP_TS_LOADER: loader },
    encoding: 'utf8',
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  rmSync(out, { recursive: true, force: true });
  if (build.status !== 0) throw new Error(`${folder} with ${loader} failed:\n${build.stdout}${build.stderr}`);
  return seconds;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const results = {};
for (const folder of REMOTES) {
  const times = Object.fromEntries(LOADERS.map((loader) => [loader, []]));
  for (let run = 0; run < runs; run += 1)
    for (const loader of LOADERS) times[loader].push(buildSeconds(folder, loader));
  results[folder] = Object.fromEntries(LOADERS.map((loader) => [loader, median(times[loader])]));
}

console.log(`\n${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), median of ${runs} builds each`);
console.log('| remote | swc-loader | ts-loader | ts-loader slower by |');
console.log('| --- | ---: | ---: | ---: |');
for (const [folder, { 'swc-loader': swc, 'ts-loader': ts }] of Object.entries(results))
  console.log(`| ${folder} | ${swc.toFixed(2)} s | ${ts.toFixed(2)} s | ${(((ts - swc) / swc) * 100).toFixed(0)} % |`);
mkdirSync(join(ROOT, 'reports'), { recursive: true });
writeFileSync(join(ROOT, 'reports', 'bench-loaders.json'), JSON.stringify({ runs, results }, null, 2));
