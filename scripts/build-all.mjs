#!/usr/bin/env node
// Production build of the shell and the four remotes. They share nothing at build time (a remote's
// build never needs the shell's), so they build side by side, two at a time for two cores.
// Always builds: webpack's own output is the only reliable judge of what changed.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { PACKAGES } from '../tooling/serve/serve-package.mjs';

const root = resolve(import.meta.dirname, '..');
const webpack = join(root, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
const only = process.argv.slice(2);
const queue = PACKAGES.filter((pkg) => only.length === 0 || only.includes(pkg.folder) || only.includes(pkg.name));
const parallel = Math.max(1, Number(process.env.BOOKSWAP_BUILD_PARALLEL ?? 2));

function build(pkg) {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn(process.execPath, [webpack, '--mode', 'production'], {
      cwd: join(root, pkg.folder),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      console.log(`${code === 0 ? 'built ' : 'FAILED'} ${pkg.folder.padEnd(18)} ${seconds.toFixed(1)} s`);
      // Warnings about publicPath 'auto' are expected; show output only when something broke.
      if (code !== 0) console.log(output.trim());
      done({ folder: pkg.folder, ok: code === 0, seconds });
    });
  });
}

const started = Date.now();
const results = [];
async function worker() {
  for (let pkg = queue.shift(); pkg; pkg = queue.shift()) results.push(await build(pkg));
}
await Promise.all(Array.from({ length: parallel }, worker));
console.log(
  `build: ${results.filter((r) => r.ok).length}/${results.length} packages in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(results.every((r) => r.ok) ? 0 : 1);
