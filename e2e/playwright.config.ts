import { defineConfig } from '@playwright/test';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tooling/product/chromium.mts';

const reports = join(__dirname, '..', 'reports');

/**
 * Browser tests against the production builds, served the way `npm start` serves them (global setup).
 * Debian's Chromium: never a downloaded browser.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: join(reports, 'e2e-artifacts'),
  globalSetup: './support/global-setup.ts',
  // One product serves every test, and some tests take a remote down: one worker keeps them apart.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? join(reports, 'e2e.json') }]],
  use: {
    baseURL: 'http://localhost:3000',
    // Recording every test's trace to keep the failures' cost 30-40 % of the run on a 2-core machine (the
    // federation route tests: 176 s with traces, 126 s without), so it is asked for: BOOKSWAP_E2E_TRACE=1. A failure
    // always leaves its screenshot and error context (the page's accessibility tree) in reports/e2e-artifacts/.
    trace: process.env.BOOKSWAP_E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
});
