#!/usr/bin/env node
// Strict typecheck of every package, two programs at a time (two cores), failing if any fails.
//
// The seven browser packages have the same compiler options, and each one's program type-checks the contract's and
// the shared library's sources again: one program over all seven checks every file once (about a quarter of their CPU).
// What it cannot see is a package leaning on a declaration another one makes for itself (the storefront's `*.svg`
// module, the shell's `Window` fields): `--each` checks them one program per package, as a team's own build would.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import units from '@bookswap/shared/units.cjs';
import { tsImport } from 'tsx/esm/api';

// Plain node runs this script (`node scripts/typecheck-all.mjs`): tsx loads the tooling's TypeScript for it.
const { readCommandLine } = await tsImport('../tooling/product/command-line.mts', import.meta.url);

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const browserPackages = ['contract', 'shared', ...units.units.map((unit) => unit.folder)];
const nodePackages = ['server', 'e2e', 'tooling'];
const { each } = readCommandLine({
  usage: `usage: node scripts/typecheck-all.mjs [--each]
  --each   check the browser packages one program per package, as a team's own build would`,
  options: { each: { type: 'boolean', default: false } },
}).values;
/** Each program to check: a name and its tsconfig file. */
const programs = [
  ...(each
    ? browserPackages.map((pkg) => ({ name: pkg, project: join(root, pkg, 'tsconfig.json') }))
    : [{ name: browserPackages.join(', '), project: join(root, 'tsconfig.browser-packages.json') }]),
  ...nodePackages.map((pkg) => ({ name: pkg, project: join(root, pkg, 'tsconfig.json') })),
].filter(({ project }) => existsSync(project));
const tsc = join(root, 'node_modules', '.bin', 'tsc');

function check({ name, project }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(tsc, ['--noEmit', '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      console.log(`${code === 0 ? 'ok    ' : 'FAILED'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      if (output.trim()) console.log(output.trim());
      resolve(code === 0);
    });
  });
}

const queue = [...programs];
let allOk = true;
async function worker() {
  for (let program = queue.shift(); program; program = queue.shift()) allOk = (await check(program)) && allOk;
}
await Promise.all([worker(), worker()]);
process.exit(allOk ? 0 : 1);
