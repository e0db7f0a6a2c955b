#!/usr/bin/env node
// `npm start`: builds the production bundles (a release of the shell and of each remote), makes the releases it
// built live (`pnpm release promote`), then serves the shell and the four remotes on 3000-3004 with the API server
// and the sign-in emulator, until Ctrl-C or until one of them dies. `--no-build` serves the last builds.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { launchProduct, promoteLastBuild, ROOT } from '../tooling/product/launch-product.mts';
import { readCommandLine } from '../tooling/product/command-line.mts';

const { values: flags } = readCommandLine({
  usage: `usage: npm start [-- --no-build]
  --no-build   serve the last builds`,
  options: { 'no-build': { type: 'boolean', default: false } },
});

if (!flags['no-build']) {
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-all.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

try {
  promoteLastBuild();
} catch (error) {
  console.error(`[product] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

let product;
let stopping = false;
async function shutDown(code) {
  if (stopping) return;
  stopping = true;
  console.log('[product] stopping…');
  await product?.stop();
  process.exit(code);
}
process.on('SIGINT', () => void shutDown(0));
process.on('SIGTERM', () => void shutDown(0));

try {
  product = await launchProduct({
    dataDir: process.env.DATA_DIR && resolve(process.env.DATA_DIR),
    keepAccounts: true,
    onUnexpectedExit: () => void shutDown(1),
  });
} catch (error) {
  console.error(`[product] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
console.log(`\nBookswap is running: ${product.url}`);
if (product.mailInbox) console.log(`Emails the product sends arrive in the local inbox: ${product.mailInbox}`);
console.log('(Ctrl-C stops everything)');
