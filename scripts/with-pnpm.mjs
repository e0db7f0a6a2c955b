#!/usr/bin/env node
// Runs pnpm at the version pinned in package.json's `engines.pnpm`, bootstrapping it through npx when the
// machine lacks it (corepack fails on pnpm 12's signature), installs the workspace, then runs the given
// pnpm arguments. No `packageManager` field: pnpm 12 would try to record itself in the lockfile, which
// fails frozen installs on CI.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pinned = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.pnpm;

function installedPnpmVersion() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' });
  return probe.status === 0 ? probe.stdout.trim() : null;
}

const pnpm = installedPnpmVersion() === pinned ? ['pnpm'] : ['npx', '--yes', `pnpm@${pinned}`];

function run(args) {
  const [cmd, ...rest] = [...pnpm, ...args];
  const result = spawnSync(cmd, rest, { cwd: root, stdio: 'inherit', env: { ...process.env, npm_config_yes: 'true' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const frozen = process.env.CI ? ['--frozen-lockfile'] : [];
run(['install', ...frozen]);
run(process.argv.slice(2));
