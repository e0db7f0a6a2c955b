import type { Browser, Page } from '@playwright/test';
import type { ReleaseHealthRow } from '@bookswap/shared/schemas';
import { expect, originOf, signInAsDemo, test } from '../support/fixtures';
import { accessToken, api } from '../support/marketplace-steps';
import { drillReleases } from '../support/drill-builds';
import { CANARY_TEXT, DRILLS } from '../support/drill-plans';
import { hidePage, registryRecord, release, sendReports } from '../support/release-drill';

// The automatic canary drills (decision 026). The run's API decides with short settings (global-setup.ts: 4 page
// loads a step, no minimum minutes, a look every 500 ms); the product's defaults are in docs/decisions/026.

const SHELL_URL = originOf('shell');
const AUTOMATIC = 'automatic rollout (API)';

let original = '';
let broken = '';
let healthy = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(420_000);
  original = registryRecord('seller').live ?? '';
  [broken, healthy] = await drillReleases('release-canary', DRILLS['release-canary']);
});

test.afterAll(() => {
  const record = registryRecord('seller');
  if (record.live !== original || record.canary) release('rollback', 'seller', '--to', original);
});

interface SellerTab {
  page: Page;
  close(): Promise<void>;
  /** The seller version each page load's remotes.json named, in order. */
  seen: string[];
}

/** A fresh browser, signed in as the demo seller. */
async function sellerTab(browser: Browser): Promise<SellerTab> {
  const context = await browser.newContext({ baseURL: SHELL_URL });
  const page = await context.newPage();
  const seen: string[] = [];
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname !== '/remotes.json') return;
    const remotes = (await response.json()) as { name: string; version?: string }[];
    seen.push(remotes.find((remote) => remote.name === 'seller')?.version ?? '');
  });
  await signInAsDemo(page, 'seller');
  return { page, seen, close: () => context.close() };
}

/** Opens My Product as a new page load and answers the seller version it used. */
async function openMyProduct(tab: SellerTab): Promise<string> {
  const before = tab.seen.length;
  await tab.page.goto('/dashboard/myproduct');
  await expect.poll(() => tab.seen.length).toBeGreaterThan(before);
  return tab.seen.at(-1) ?? '';
}

/** As the tab is hidden (switching tabs, closing it): the shell sends what it counted at once. */
const GOOD_SCREEN = /^Total Product: \d+$/;
const ERROR_HEADING = { level: 1, name: 'Something went to wrong!' } as const;

test('(a) a seller canary whose My Product throws is rolled back by itself, says why, and every browser gets the good release next', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const started = release('promote', 'seller', broken, '--canary', '50', '--auto');
  expect(started.status, started.stderr).toBe(0);

  const sawBroken: SellerTab[] = [];
  for (let i = 0; i < 30 && registryRecord('seller').canary; i += 1) {
    const tab = await sellerTab(browser);
    const version = await openMyProduct(tab);
    if (version === broken) {
      await expect(tab.page.getByRole('heading', ERROR_HEADING)).toBeVisible();
      sawBroken.push(tab);
      // A browser keeps its canary, so its next visits are more failing page loads (the judge wants several before
      // it rolls back, decision 026), cheaper than fresh browsers that may draw live.
      for (let again = 0; again < 15 && registryRecord('seller').canary; again += 1) {
        await sendReports(tab.page);
        if ((await openMyProduct(tab)) !== broken) break;
        await expect(tab.page.getByRole('heading', ERROR_HEADING)).toBeVisible();
      }
    } else {
      await expect(tab.page.getByText(GOOD_SCREEN)).toBeVisible();
    }
    await sendReports(tab.page);
    if (version !== broken) await tab.close();
  }
  expect(sawBroken.length, 'no fresh browser drew the canary').toBeGreaterThan(0);
  await expect.poll(() => registryRecord('seller').canary, { timeout: 30_000 }).toBeNull();

  const record = registryRecord('seller');
  expect(record.live).toBe(original);
  expect(record.rollout ?? null).toBeNull();
  const decision = record.history.at(-1);
  expect(decision).toMatchObject({ action: 'canary-rollback', from: broken, to: original, command: AUTOMATIC });
  expect(decision?.reason).toMatch(/^rolled back at 50 %: canary \d+\.\d % errors \(\d+ in \d+ page loads\), live/);
  // The limit is live's error rate (one standard error high, 0.5 % at least) times two, so it depends on what live
  // met meanwhile: 1 % when live met no error. The canary's rate is recorded past it.
  const figures = decision?.figures as { limit: number; canary: { errorRate: number | null } } | undefined;
  expect(figures?.limit).toBeGreaterThanOrEqual(0.01);
  expect(figures?.canary.errorRate).toBeGreaterThan(figures?.limit ?? 1);
  const listed = release('list', 'seller');
  expect(listed.stdout).toContain(decision?.reason ?? '(no reason)');

  // Every browser that had the broken release loads the good one from its next page load on.
  for (const tab of sawBroken) {
    expect(await openMyProduct(tab)).toBe(original);
    await expect(tab.page.getByText(GOOD_SCREEN)).toBeVisible();
    await tab.close();
  }
});

test('(b) a healthy seller canary reaches every browser by itself', async ({ browser }) => {
  test.setTimeout(300_000);
  const started = release('promote', 'seller', healthy, '--canary', '50', '--auto');
  expect(started.status, started.stderr).toBe(0);

  for (let i = 0; i < 30 && registryRecord('seller').live !== healthy; i += 1) {
    const tab = await sellerTab(browser);
    // A few page loads from each browser: a canary browser stays on the canary across them.
    for (let load = 0; load < 3 && registryRecord('seller').live !== healthy; load += 1) {
      const version = await openMyProduct(tab);
      await expect(
        tab.page.getByText(version === healthy ? new RegExp(`^${CANARY_TEXT}\\d+$`) : GOOD_SCREEN),
      ).toBeVisible();
      await sendReports(tab.page);
    }
    await tab.close();
  }
  await expect.poll(() => registryRecord('seller').live, { timeout: 30_000 }).toBe(healthy);

  const record = registryRecord('seller');
  expect(record.canary).toBeNull();
  expect(record.history.at(-1)).toMatchObject({ action: 'promote', from: original, to: healthy, command: AUTOMATIC });
  expect(record.history.at(-1)?.reason).toMatch(/^live for every browser after 50 %: canary 0\.0 % errors/);
  const tab = await sellerTab(browser);
  expect(await openMyProduct(tab)).toBe(healthy);
  await expect(tab.page.getByText(new RegExp(`^${CANARY_TEXT}\\d+$`))).toBeVisible();
  await tab.close();
});

test('(c) what is stored of a signed-in visitor’s page loads names no email, token or query string', async ({
  browser,
}) => {
  const tab = await sellerTab(browser);
  const token = await accessToken(tab.page);
  await tab.page.goto('/booklist?size=10&search=drill-secret');
  await expect(tab.page.getByRole('heading', { level: 1, name: 'Book List' })).toBeVisible();
  await sendReports(tab.page);
  await tab.close();

  const admin = await browser.newContext({ baseURL: SHELL_URL });
  const adminPage = await admin.newPage();
  const adminUser = await signInAsDemo(adminPage, 'admin');
  const adminToken = await accessToken(adminPage);
  await admin.close();
  let stored = '';
  await expect
    .poll(async () => {
      const rows = await api<ReleaseHealthRow[]>('/api/telemetry/summary?remote=storefront&minutes=5', adminToken);
      stored = JSON.stringify(rows);
      return rows.some((row) => row.route === '/booklist');
    })
    .toBe(true);
  for (const secret of ['@', token, adminUser.email, 'drill-secret', 'size=10', '?'])
    expect(stored, `stored rows contain ${secret}`).not.toContain(secret);
});

test('(d) with the API down, pages still load and navigate: reports that cannot be sent cost nothing', async ({
  page,
  product,
}) => {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  const failedReports: string[] = [];
  page.on('requestfailed', (request) => {
    if (request.url().endsWith('/api/telemetry')) failedReports.push(request.url());
  });
  await page.goto('/login');
  await product.stopApi();

  // Full page loads, each sending its reports as it is hidden, into an API that is not there. The home page served
  // by the storefront has a page load to report; the reporter loads as the page is hidden, so the test waits for its
  // attempt before leaving (leaving earlier would cancel the chunk, not test the failure).
  for (const path of ['/login', '/', '/login']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const attempted =
      path === '/' ? page.waitForEvent('requestfailed', (r) => r.url().endsWith('/api/telemetry')) : null;
    await hidePage(page);
    await attempted;
  }
  expect(failedReports.length).toBeGreaterThan(0);
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(errors).toEqual([]);
});
