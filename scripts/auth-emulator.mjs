#!/usr/bin/env node
// Runs the local Firebase Auth emulator (127.0.0.1:9099, project demo-bookswap) with the demo accounts seeded,
// prints `auth emulator ready` and stays up until SIGTERM/SIGINT, which it passes on to the emulator.
//   --persist   keep accounts across runs (exported on a clean stop) in .state/auth-emulator/data, or in
//               AUTH_EMULATOR_DATA_DIR when set (`npm start` keeps them beside the API server's data)
import {
  AUTH_EMULATOR_URL,
  isAuthEmulatorUp,
  launchAuthEmulator,
  seedDemoUsers,
} from '../tooling/auth-emulator/auth-emulator.mts';
import { readCommandLine } from '../tooling/product/command-line.mts';

const { values } = readCommandLine({
  usage: `usage: node --import tsx scripts/auth-emulator.mjs [--persist]
  --persist   keep accounts across runs in .state/auth-emulator/data (or AUTH_EMULATOR_DATA_DIR)`,
  options: { persist: { type: 'boolean', default: false } },
});

const fail = (error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
};

if (await isAuthEmulatorUp()) fail(`An Auth emulator already answers on ${AUTH_EMULATOR_URL}: stop it first.`);

const emulator = launchAuthEmulator({
  persist: values.persist,
  ...(process.env.AUTH_EMULATOR_DATA_DIR ? { dataDir: process.env.AUTH_EMULATOR_DATA_DIR } : {}),
});
let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  // A signal to the whole process group reaches the emulator too: give it a moment to say so, then pass the
  // signal on only if it did not (a second one would cut its shutdown short).
  setTimeout(() => void emulator.stop(signal), 500);
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
emulator.exited.then((code) => process.exit(stopping ? 0 : code || 1));

try {
  await emulator.ready;
  const count = await seedDemoUsers();
  console.log(`auth emulator: ${count} demo accounts ready at ${AUTH_EMULATOR_URL}`);
  console.log('auth emulator ready');
} catch (error) {
  if (!stopping) {
    console.error(error instanceof Error ? error.message : String(error));
    await emulator.stop();
    process.exit(1);
  }
}
