#!/usr/bin/env node
// Measurement only: the shell built with the four remotes bundled in and no Module Federation
// (BOOKSWAP_ONE_BUNDLE=1, see tooling/webpack/create-config.cjs) into shell/dist-one-bundle/. `pnpm
// bench:bundle` and `pnpm bench:lighthouse` load the same pages from it to measure the federation tax.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const started = Date.now();
const result = spawnSync(
  process.execPath,
  [join(root, 'node_modules', 'webpack-cli', 'bin', 'cli.js'), '--mode', 'production'],
  { cwd: join(root, 'shell'), stdio: 'inherit', env: { ...process.env, BOOKSWAP_ONE_BUNDLE: '1' } },
);
console.log(
  `${result.status === 0 ? 'built ' : 'FAILED'} shell (one bundle) ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(result.status ?? 1);
