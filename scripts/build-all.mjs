#!/usr/bin/env node
// Production build of the shell and the four remotes. They share nothing at build time (a remote's
// build never needs the shell's), so they build side by side, two at a time for two cores.
// The shell and each remote build as a release of their own (`pnpm release build`, a new folder under releases/ that
// is never overwritten), and releases/last-build.json records which version each build made, for `npm start`, the
// browser tests and the benches to promote. Nothing is promoted here.
// Always builds: webpack's own output is the only reliable judge of what changed.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import units from '@bookswap/shared/units.cjs';
import { tsImport } from 'tsx/esm/api';

// Plain node runs this script (`node scripts/build-all.mjs`): tsx loads the tooling's TypeScript for it.
const { readCommandLine } = await tsImport('../tooling/product/command-line.mts', import.meta.url);
const releaseStore = await tsImport('../tooling/release/release-store.mts', import.meta.url);

const root = resolve(import.meta.dirname, '..');
const { positionals: only } = readCommandLine({
  usage: `usage: node scripts/build-all.mjs [<package> ...]
  <package>   a folder (remote-seller) or a name (seller, shell): only these; all of them when none is given`,
  allowPositionals: true,
});
const queue = units.units.filter((pkg) => only.length === 0 || only.includes(pkg.folder) || only.includes(pkg.name));
const parallel = Math.max(1, Number(process.env.BOOKSWAP_BUILD_PARALLEL ?? 2));

const releaseCli = join(root, 'tooling', 'release', 'cli.ts');
const built = {};

function build(pkg) {
  return new Promise((done) => {
    const started = Date.now();
    const [cwd, args] = [root, ['--import', 'tsx', releaseCli, 'build', pkg.name]];
    const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      // A release build prints its version as its last line.
      const version = stdout.trim().split('\n').at(-1);
      if (code === 0 && version) built[pkg.name] = version;
      console.log(`${code === 0 ? 'built ' : 'FAILED'} ${pkg.folder.padEnd(18)} ${seconds.toFixed(1)} s ${version}`);
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
if (Object.keys(built).length) {
  const file = releaseStore.lastBuildPath();
  let last = {};
  try {
    last = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // the first build
  }
  writeFileSync(file, `${JSON.stringify({ ...last, ...built }, null, 2)}\n`);
}
console.log(
  `build: ${results.filter((r) => r.ok).length}/${results.length} packages in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(results.every((r) => r.ok) ? 0 : 1);
