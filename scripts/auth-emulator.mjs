#!/usr/bin/env node
// Runs the local Firebase Auth emulator (127.0.0.1:9099, project demo-bookswap) with the demo accounts seeded,
// prints `auth emulator ready` and stays up until SIGTERM/SIGINT, which it passes on to the emulator.
//   --persist   keep accounts across runs in .state/auth-emulator/data (exported on a clean stop)
import { AUTH_EMULATOR_URL, seedDemoUsers, startAuthEmulator } from '../tooling/auth-emulator/auth-emulator.mjs';

const persist = process.argv.includes('--persist');

let emulator;
let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  if (!emulator) process.exit(1);
  emulator.child.kill(signal);
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));

try {
  emulator = await startAuthEmulator({ persist });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
emulator.exited.then((code) => process.exit(stopping ? 0 : code || 1));
if (stopping) emulator.child.kill('SIGTERM');

try {
  const count = await seedDemoUsers();
  console.log(`auth emulator: ${count} demo accounts ready at ${AUTH_EMULATOR_URL}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await emulator.stop();
  process.exit(1);
}
console.log('auth emulator ready');
