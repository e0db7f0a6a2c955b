import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  launchProduct,
  missingBuilds,
  promoteLastBuild,
  ROOT,
  startControlServer,
} from '../../tooling/product/launch-product.mts';
import { prebuildDrills, type DrillPlan } from './drill-builds';
import { DRILLS } from './drill-plans';

/**
 * Starts the composed product once for the run: the existing production builds (built here only if
 * missing), the API server on a fresh temporary DATA_DIR and the sign-in emulator when they exist,
 * and a control endpoint through which tests take a remote down and back (BOOKSWAP_CONTROL_URL).
 * Returns the teardown.
 */
export default async function globalSetup() {
  if (missingBuilds().length) {
    const build = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-all.mjs')], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('The production build failed');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'bookswap-e2e-'));
  process.env.BOOKSWAP_E2E_DATA_DIR = dataDir;
  // A release registry of the run's own, starting from the last build, so drills that promote and roll back leave
  // the developer's registry alone. The test workers inherit it.
  process.env.BOOKSWAP_RELEASE_REGISTRY = join(dataDir, 'release-registry.json');
  promoteLastBuild({ log: () => undefined });
  const drillBuilds = prebuildDrills(drillsInThisRun(), mkdtempSync(join(dataDir, 'drill-builds-')));
  const quiet = process.env.BOOKSWAP_E2E_LOGS ? console.log : () => undefined;
  // Every context of the run comes from loopback: the flood test names its client in X-Forwarded-For, as a proxy in
  // front of the shell's server would (server-render-flood.spec.ts), so its flood does not spend the others' renders.
  process.env.BOOKSWAP_TRUST_PROXY = 'loopback';
  // One person walks every public page here, faster than any visitor: the allowance of uncached pages a client may
  // start (50 a minute) would send later pages unrendered, and its pages a minute (1,200) refuse some drills' loops.
  // The render pool still sheds a flood.
  process.env.BOOKSWAP_RENDERS_PER_CLIENT_MINUTE = '1000';
  process.env.BOOKSWAP_PAGES_PER_CLIENT_MINUTE = '0';
  const product = await launchProduct({
    dataDir,
    // Automatic canaries decide within seconds here (release-canary.spec.ts); the product's defaults are 8,000 page
    // loads and 10 minutes a step (docs/decisions/026). The demo buyer books in many tests, more than a buyer's
    // day allows (BOOKINGS_PER_DAY, 10, is the API tests' to check). A saved search's email follows a new listing
    // within a second, not a minute (saved-searches.spec.ts); a round with nothing queued is a short transaction.
    // Every browser of the run comes from 127.0.0.1, one address: its shares of release health are lifted
    // (docs/decisions/042; the API tests check them). The page-load secret is made up by launchProduct for both sides.
    apiEnv: {
      TELEMETRY_PAGE_LOADS_PER_ADDRESS: '1000000',
      TELEMETRY_ERRORS_PER_ADDRESS: '1000000',
      SAVED_SEARCH_POLL_MS: '1000',
      RELEASE_AUTO_MIN_LOADS: '4',
      RELEASE_AUTO_MIN_MINUTES: '0',
      RELEASE_AUTO_TICK_MS: '500',
      BOOKINGS_PER_DAY: '1000',
    },
    log: (line) => (line.startsWith('[product]') ? console.log(line) : quiet(line)),
    onUnexpectedExit: (reason) => console.error(`[e2e] ${reason}: later tests will fail`),
  });
  const control = await startControlServer(product);
  process.env.BOOKSWAP_CONTROL_URL = control.url;

  return async () => {
    drillBuilds.stop();
    await control.close();
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * The release drills whose specs this run holds: every one, unless the command line names files or patterns
 * (`playwright test e2e/tests/releases.spec.ts`), which Playwright reads as regular expressions over the files' paths.
 */
function drillsInThisRun(): [string, DrillPlan][] {
  const args = process.argv.slice(process.argv.indexOf('test') + 1);
  const patterns = args.filter(
    (arg, index) => !arg.startsWith('-') && !/^(-c|--config|--grep|-g|--project)$/.test(args[index - 1] ?? ''),
  );
  return Object.entries(DRILLS).filter(
    ([drill]) =>
      patterns.length === 0 || patterns.some((pattern) => new RegExp(pattern).test(`e2e/tests/${drill}.spec.ts`)),
  );
}
