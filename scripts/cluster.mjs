#!/usr/bin/env node
// `pnpm cluster`: the product as several instances on this machine (docs/deploy.md): a PostgreSQL of its own (with
// PostgreSQL's durability settings, in the temporary folder), two API instances and two shell servers behind
// HAProxy on :3000 (shell) and :5000 (API), the remotes' origins on :3001-3004, the sign-in emulator and the mail
// catcher, until Ctrl-C. Each start begins from the demo data. `--no-build` serves the last builds.
import { execFileSync, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchCluster } from '../tooling/cluster/launch-cluster.mts';
import { ROOT } from '../tooling/product/launch-product.mts';
import { readCommandLine } from '../tooling/product/command-line.mts';

const { values: flags } = readCommandLine({
  usage: `usage: pnpm cluster [--no-build]
  --no-build   serve the last builds`,
  options: { 'no-build': { type: 'boolean', default: false } },
});

const POSTGRES = {
  ...process.env,
  PGCI_DIR: join(tmpdir(), 'bookswap-cluster-postgres'),
  PGCI_PORT: '55532',
  PGCI_DB: 'bookswap',
  PGCI_DURABLE: '1',
};
const postgresScript = join(ROOT, 'scripts', 'ci-postgres.sh');

if (!flags['no-build']) {
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-all.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// A fresh cluster each start: the script removes the folder of a cluster that is not running.
execFileSync('bash', [postgresScript, 'stop'], { env: POSTGRES, stdio: 'ignore' });
const exported = execFileSync('bash', [postgresScript, 'start'], { env: POSTGRES, encoding: 'utf8' });
const databaseUrl = /DATABASE_URL=(\S+)/.exec(exported)?.[1];
if (!databaseUrl) {
  console.error(`[cluster] PostgreSQL did not start: ${exported}`);
  process.exit(1);
}

let cluster;
let stopping = false;
async function shutDown(code) {
  if (stopping) return;
  stopping = true;
  console.log('[cluster] stopping…');
  await cluster?.stop();
  execFileSync('bash', [postgresScript, 'stop'], { env: POSTGRES, stdio: 'inherit' });
  process.exit(code);
}
process.on('SIGINT', () => void shutDown(0));
process.on('SIGTERM', () => void shutDown(0));

try {
  cluster = await launchCluster({ databaseUrl, onUnexpectedExit: () => void shutDown(1) });
} catch (error) {
  console.error(`[cluster] ${error instanceof Error ? error.message : String(error)}`);
  await shutDown(1);
}
console.log(`\nBookswap is running as a cluster: ${cluster.url} (HAProxy's server states: ${cluster.statsUrl})`);
console.log(`  API instances ${cluster.apiInstances.join(', ')}; shell servers ${cluster.shellServers.join(', ')}`);
console.log(`  PostgreSQL ${databaseUrl}; releases: RELEASE_REGISTRY_DATABASE_URL=${databaseUrl} pnpm release list`);
if (cluster.mailInbox) console.log(`  emails: ${cluster.mailInbox}`);
console.log('(Ctrl-C stops everything)');
