#!/usr/bin/env node
// Strict typecheck of every package, two at a time (two cores), failing if any fails.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const packages = [
  'contract',
  'shared',
  'shell',
  'remote-storefront',
  'remote-seller',
  'remote-admin',
  'remote-checkout',
  'server',
  'e2e',
  'tooling',
].filter((p) => existsSync(join(root, p, 'tsconfig.json')));
const tsc = join(root, 'node_modules', '.bin', 'tsc');

function check(pkg) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(tsc, ['--noEmit', '-p', join(root, pkg)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      console.log(`${code === 0 ? 'ok    ' : 'FAILED'} ${pkg} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      if (output.trim()) console.log(output.trim());
      resolve(code === 0);
    });
  });
}

const queue = [...packages];
let allOk = true;
async function worker() {
  for (let pkg = queue.shift(); pkg; pkg = queue.shift()) allOk = (await check(pkg)) && allOk;
}
await Promise.all([worker(), worker()]);
process.exit(allOk ? 0 : 1);
