#!/usr/bin/env node
// `pnpm dev`: the shell and the four remotes in watch mode (webpack serve on 3000-3004), with the API
// server and the sign-in emulator when present. Ctrl-C, or any of them dying, stops everything.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGES } from '../tooling/serve/packages.mts';
import { startManagedProcess } from '../tooling/product/managed-process.mts';
import { API_PORT, AUTH_EMULATOR_PORT, PROJECT_ID, ROOT } from '../tooling/product/launch-product.mts';

const webpack = join(ROOT, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
const children = [];
const emulator = join(ROOT, 'scripts', 'auth-emulator.mjs');
const hasEmulator = existsSync(emulator);

if (hasEmulator) {
  children.push(
    startManagedProcess({ label: 'auth', command: process.execPath, args: ['--import', 'tsx', emulator], cwd: ROOT }),
  );
}
if (existsSync(join(ROOT, 'server', 'src', 'main.ts'))) {
  children.push(
    startManagedProcess({
      label: 'api',
      command: process.execPath,
      args: ['--import', 'tsx', '--watch', 'src/main.ts'],
      cwd: join(ROOT, 'server'),
      env: {
        PORT: String(API_PORT),
        // Emulator mode accepts unsigned tokens: loopback only (SECURITY.md).
        HOST: '127.0.0.1',
        FIREBASE_PROJECT_ID: PROJECT_ID,
        ...(hasEmulator
          ? { AUTH_MODE: 'emulator', FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${AUTH_EMULATOR_PORT}` }
          : {}),
      },
    }),
  );
}
for (const pkg of PACKAGES) {
  children.push(
    startManagedProcess({
      label: pkg.name,
      command: process.execPath,
      args: [webpack, 'serve', '--mode', 'development'],
      cwd: join(ROOT, pkg.folder),
    }),
  );
}

let stopping = false;
async function shutDown(code) {
  if (stopping) return;
  stopping = true;
  await Promise.all(children.map((child) => child.stop()));
  process.exit(code);
}
for (const child of children) {
  void child.exit.then(({ code, signal }) => {
    if (stopping) return;
    console.log(`[dev] ${child.label} exited (${signal ?? `code ${code}`}): stopping everything`);
    void shutDown(1);
  });
}
process.on('SIGINT', () => void shutDown(0));
process.on('SIGTERM', () => void shutDown(0));
console.log('[dev] shell on http://localhost:3000 once webpack has compiled');
