import { defineConfig } from '@playwright/test';
import { join } from 'node:path';

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
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
