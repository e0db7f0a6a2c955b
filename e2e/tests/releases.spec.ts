import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, originOf, signInAsDemo, test } from '../support/fixtures';
import { drillReleases } from '../support/drill-builds';
import { CONTRACT_VERSION, DRILLS, NEXT_CONTRACT_MAJOR, SELLER_NEXT_TEXT } from '../support/drill-plans';
import { folderDigest, inLanes, release, ROOT } from '../support/release-drill';
import { shareScopeOf } from '../support/share-scope';

// The release drills (docs/decisions/020 and 021): each remote ships, canaries and rolls back on its own, from
// immutable releases, with the shell's build and the other remotes untouched; an open tab never breaks.

const SHELL_URL = originOf('shell');
const registryFile = () => process.env.BOOKSWAP_RELEASE_REGISTRY ?? '';

interface Registry {
  remotes: Record<string, { live: string | null; canary: { version: string; percent: number } | null }>;
}
const registry = () => JSON.parse(readFileSync(registryFile(), 'utf8')) as Registry;

/** The seller version this page load resolved, from the remotes.json the shell fetched. */
function versionsSeenBy(page: Page) {
  const seen: Record<string, string | undefined>[] = [];
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname !== '/remotes.json') return;
    const remotes = (await response.json()) as { name: string; version?: string }[];
    seen.push(Object.fromEntries(remotes.map((remote) => [remote.name, remote.version])));
  });
  return seen;
}

async function newSellerTab(browser: Browser) {
  const context = await browser.newContext({ baseURL: SHELL_URL });
  const page = await context.newPage();
  await signInAsDemo(page, 'seller');
  return { context, page };
}

let original: Record<string, string>;
let sellerNext: string;
let sellerOtherMajor: string;
let sellerLibraryMajor: string;
let storefrontNext: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  original = Object.fromEntries(Object.entries(registry().remotes).map(([name, record]) => [name, record.live ?? '']));
  [sellerNext, sellerOtherMajor, sellerLibraryMajor, storefrontNext] = await drillReleases('releases', DRILLS.releases);
});

test.afterAll(() => {
  // The next spec starts from the releases the build made.
  for (const [remote, version] of Object.entries(original)) {
    const record = registry().remotes[remote];
    if (record?.live !== version || record.canary) release('rollback', remote, '--to', version);
  }
});

test('(a, f) a seller release goes live on the next load, brings its new screen, and touches nothing else', async ({
  page,
  browser,
  requests,
}) => {
  const untouched = ['shell', 'storefront', 'admin', 'checkout'].map((unit) =>
    join(ROOT, 'releases', unit, original[unit] ?? ''),
  );
  const before = untouched.map(folderDigest);
  const tab = await newSellerTab(browser);
  await tab.page.goto('/dashboard/myproduct');
  await expect(tab.page.getByText(/^Total Product: \d+$/)).toBeVisible();

  const promoted = release('promote', 'seller', sellerNext);
  expect(promoted.status, promoted.stderr).toBe(0);
  expect(registry().remotes.seller?.live).toBe(sellerNext);

  await tab.page.reload();
  await expect(tab.page.getByText(new RegExp(`^${SELLER_NEXT_TEXT}\\d+$`))).toBeVisible();
  const menu = tab.page.getByRole('navigation').getByRole('link', { name: 'Seller Tips' });
  await expect(menu).toBeVisible();
  await menu.click();
  await expect(tab.page).toHaveURL('/dashboard/seller-tips');
  await expect(tab.page.getByRole('heading', { name: 'Tips for sellers' })).toBeVisible();
  await tab.context.close();
  expect(untouched.map(folderDigest)).toEqual(before);

  // A buyer is refused the new path by the release's own access rule and never downloads the seller remote.
  await signInAsDemo(page, 'buyer');
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'My Orders' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Seller Tips' })).toHaveCount(0);
  await page.goto('/dashboard/seller-tips');
  await expect(page).toHaveURL('/login');
  expect(requests.to('seller')).toEqual([]);
});

test('(b) a rollback puts the previous release back on the next load', async ({ browser }) => {
  const rolledBack = release('rollback', 'seller');
  expect(rolledBack.status, rolledBack.stderr).toBe(0);
  expect(registry().remotes.seller?.live).toBe(original.seller);
  const tab = await newSellerTab(browser);
  await tab.page.goto('/dashboard/myproduct');
  await expect(tab.page.getByText(/^Total Product: \d+$/)).toBeVisible();
  await expect(tab.page.getByRole('link', { name: 'Seller Tips' })).toHaveCount(0);
  await tab.context.close();
});

test('(c) a 50 % canary reaches some fresh browsers, and each keeps its version across reloads', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const canary = release('promote', 'seller', sellerNext, '--canary', '50');
  expect(canary.status, canary.stderr).toBe(0);
  const counts = new Map<string, number>();
  await inLanes(20, 4, async (i) => {
    const context = await browser.newContext({ baseURL: SHELL_URL });
    const page = await context.newPage();
    const seen = versionsSeenBy(page);
    // Three page loads; each body is read before the next navigation drops it.
    await page.goto('/');
    await expect.poll(() => seen.length).toBe(1);
    await page.reload();
    await expect.poll(() => seen.length).toBe(2);
    await page.goto('/booklist');
    await expect.poll(() => seen.length).toBe(3);
    const versions = new Set(seen.map((load) => load.seller));
    expect(versions.size, `browser ${i} flipped between ${[...versions].join(' and ')}`).toBe(1);
    const version = [...versions][0] ?? '';
    counts.set(version, (counts.get(version) ?? 0) + 1);
    await context.close();
  });
  expect([...counts.keys()].sort()).toEqual([original.seller, sellerNext].sort());
  // 20 draws at 50 %: fewer than 3 on either side has a chance below 0.03 %.
  for (const count of counts.values()) expect(count).toBeGreaterThanOrEqual(3);
  const ended = release('rollback', 'seller');
  expect(ended.status, ended.stderr).toBe(0);
  expect(registry().remotes.seller?.canary).toBeNull();
});

test('(d) a release built against another major of the runtime contract is refused, and forced live it shows a named fallback in its area only', async ({
  page,
  requests,
}) => {
  const before = readFileSync(registryFile(), 'utf8');
  const refused = release('promote', 'seller', sellerOtherMajor);
  expect(refused.status).not.toBe(0);
  expect(refused.stderr).toContain(`@bookswap/contract ${NEXT_CONTRACT_MAJOR}`);
  expect(readFileSync(registryFile(), 'utf8')).toBe(before);

  // Forced by hand, past the gate: the shell's own check keeps it out.
  const forced = JSON.parse(before) as Registry;
  forced.remotes.seller!.live = sellerOtherMajor;
  writeFileSync(registryFile(), JSON.stringify(forced));
  try {
    await signInAsDemo(page, 'seller');
    requests.clear();
    await page.goto('/dashboard/myproduct');
    const fallback = page.getByTestId('remote-fallback');
    await expect(fallback).toContainText('Seller is not available right now');
    await expect(fallback).toContainText(
      `built against @bookswap/contract ${NEXT_CONTRACT_MAJOR}; the shell provides ${CONTRACT_VERSION}`,
    );
    await expect(fallback.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    expect(requests.to('seller')).toEqual([]);
    // The rest of the product works: the buyer side of the same seller, and the storefront.
    await page.getByRole('link', { name: 'My Orders' }).click();
    await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
    await page.goto('/category');
    await expect(page.getByRole('heading', { name: 'Book Categories' })).toBeVisible();
  } finally {
    writeFileSync(registryFile(), before);
  }
});

test('(e) a tab open before a storefront promote reaches every storefront screen afterwards', async ({
  page,
  browser,
}) => {
  await signInAsDemo(page, 'buyer');
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Category list' })).toBeVisible();

  const promoted = release('promote', 'storefront', storefrontNext);
  expect(promoted.status, promoted.stderr).toBe(0);

  // The open tab keeps the release it started on; its files are still served.
  await page.getByRole('link', { name: 'Category list' }).first().click();
  await expect(page.getByRole('heading', { name: 'Book Categories' })).toBeVisible();
  await page
    .getByRole('link', { name: /^See Details of / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/category\/[^/]+$/);
  await page.getByRole('link', { name: 'Book List' }).first().click();
  await expect(page.getByRole('heading', { name: 'Book List' })).toBeVisible();
  await page
    .getByRole('link', { name: /^View details of / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/bookDetails\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Book List' })).toBeVisible();
  await expect(page.getByTestId('remote-fallback')).toHaveCount(0);

  // A fresh load gets the new release.
  const fresh = await browser.newContext({ baseURL: SHELL_URL });
  const freshPage = await fresh.newPage();
  await freshPage.goto('/category');
  await expect(freshPage.getByRole('heading', { name: 'Browse by category' })).toBeVisible();
  await fresh.close();
});

test('(g) a library major released with the seller alone: the seller uses its copy, the others keep theirs, one React', async ({
  page,
}) => {
  const untouched = ['storefront', 'admin', 'checkout'].map((remote) =>
    join(ROOT, 'releases', remote, original[remote] ?? ''),
  );
  const before = untouched.map(folderDigest);
  const promoted = release('promote', 'seller', sellerLibraryMajor);
  expect(promoted.status, promoted.stderr).toBe(0);
  try {
    await signInAsDemo(page, 'seller');
    await page.goto('/dashboard/myproduct');
    // The renamed prop works: two rows a page, with the pager.
    const table = page.getByRole('table', { name: 'My Product' });
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(page.getByRole('navigation', { name: 'My Product pages' })).toBeVisible();
    await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
    // The other remotes, on their releases with the library they were built with, work beside it in the same tab.
    await page.getByRole('link', { name: 'Home' }).first().click();
    await expect(page.getByRole('heading', { name: 'Buy & Sell Second Hand Book!' })).toBeVisible();
    await page.goto('/dashboard/myorder');
    await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
    await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
    const scope = await shareScopeOf(page);
    expect(scope.react?.filter((version) => version.loaded)).toHaveLength(1);
    expect(Object.keys(scope).filter((key) => key.startsWith('@bookswap/shared'))).toEqual([]);
  } finally {
    const back = release('rollback', 'seller', '--to', original.seller ?? '');
    expect(back.status, back.stderr).toBe(0);
  }
  expect(untouched.map(folderDigest)).toEqual(before);
});
