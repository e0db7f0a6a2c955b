import type { Page } from '@playwright/test';
import { expect, originOf, test } from '../support/fixtures';
import { liveReleaseUrl } from '../support/release-drill';

// docs/decisions/009: what a visitor's first screens download. The byte and score targets are measured by
// `pnpm bench:bundle` and `pnpm bench:lighthouse`; these tests hold the promises a change could silently break.

/** Text only the identity SDK and the schema library carry: Firebase Auth's endpoint and zod's error class. */
const IDENTITY_SDK = 'identitytoolkit.googleapis.com';
const SCHEMA_LIBRARY = 'ZodError';
/** The toast library's container class: it comes with the first notice (docs/decisions/038). */
const NOTICE_LIBRARY = 'Toastify__toast-container';
const MAX_FIRST_LOAD_FILES = 25;

/**
 * Counts the page's uses of Intl's number and date formats: the first one loads ICU's data on the main thread, about
 * 30 ms on the benchmark VM, so the first screens write their numbers without it (docs/decisions/039).
 */
async function countIntlUses(page: Page) {
  await page.addInitScript(() => {
    const counted = window as { __intlUses?: string[] };
    counted.__intlUses = [];
    const count = (what: string) => counted.__intlUses?.push(what);
    for (const name of ['NumberFormat', 'DateTimeFormat'] as const) {
      const original = Intl[name];
      Object.defineProperty(Intl, name, {
        configurable: true,
        writable: true,
        value: new Proxy(original, {
          construct: (target, args: unknown[]) => (count(name), Reflect.construct(target, args) as object),
          apply: (target, self, args: unknown[]) => (count(name), Reflect.apply(target, self, args) as unknown),
        }),
      });
    }
    for (const [name, prototype] of [
      ['Number', Number.prototype],
      ['Date', Date.prototype],
    ] as const) {
      const original = prototype.toLocaleString;
      Object.defineProperty(prototype, 'toLocaleString', {
        configurable: true,
        writable: true,
        value(this: unknown, ...args: unknown[]) {
          count(`${name}.toLocaleString`);
          return Reflect.apply(original, this, args) as string;
        },
      });
    }
  });
  return () => page.evaluate(() => (window as { __intlUses?: string[] }).__intlUses ?? []);
}

/**
 * Every script the page downloads until they are asked for, with its text. Recording stops then: a script arriving
 * later would still be reading its text when the test ends.
 */
function recordScripts(page: Page) {
  const scripts: Promise<{ url: string; text: string }>[] = [];
  let recording = true;
  page.on('response', (response) => {
    if (recording && response.request().resourceType() === 'script')
      scripts.push(response.text().then((text) => ({ url: response.url(), text })));
  });
  return () => {
    recording = false;
    return Promise.all(scripts);
  };
}

/** The storefront files index.html's early start preloads: its entry and its `routes` module's own files. */
async function earlyStartedFiles(page: Page): Promise<string[]> {
  const base = liveReleaseUrl('storefront');
  const manifest = (await (await page.request.get(`${base}/mf-manifest.json`)).json()) as {
    metaData: { remoteEntry: { path: string; name: string } };
    exposes: { name: string; assets: { js: { sync: string[] } } }[];
  };
  const routes = manifest.exposes.find((exposed) => exposed.name === 'routes');
  const files = [
    manifest.metaData.remoteEntry.path + manifest.metaData.remoteEntry.name,
    ...(routes?.assets.js.sync ?? []),
  ];
  return files.map((file) => new URL(file, `${base}/`).href);
}

for (const { path, ready } of [
  { path: '/', ready: 'Buy & Sell Second Hand Book!' },
  { path: '/booklist', ready: 'Book List' },
]) {
  test(`a visitor's ${path} loads no identity SDK, schema or notice library, in at most ${MAX_FIRST_LOAD_FILES} files, and formats with no Intl`, async ({
    page,
  }) => {
    const intlUses = await countIntlUses(page);
    const scripts = recordScripts(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: ready })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const loaded = await scripts();
    expect(loaded.length).toBeLessThanOrEqual(MAX_FIRST_LOAD_FILES);
    expect(loaded.filter((script) => script.text.includes(IDENTITY_SDK)).map((script) => script.url)).toEqual([]);
    expect(loaded.filter((script) => script.text.includes(SCHEMA_LIBRARY)).map((script) => script.url)).toEqual([]);
    expect(loaded.filter((script) => script.text.includes(NOTICE_LIBRARY)).map((script) => script.url)).toEqual([]);
    // The storefront's entry was asked for once: the early preload and the runtime share one download.
    const entries = loaded.filter((script) => script.url === `${liveReleaseUrl('storefront')}/remoteEntry.js`);
    expect(entries).toHaveLength(1);
    // The screen's own code came with what index.html starts early (the entry and the routes module's files),
    // not one round trip after the shell's start.
    const early = await earlyStartedFiles(page);
    const storefrontScripts = loaded
      .map((script) => script.url)
      .filter((url) => url.startsWith(originOf('storefront')));
    // Nothing else: what waits below the fold (the home page's last section) comes only when scrolled near.
    const late = storefrontScripts.filter((url) => !early.includes(url));
    expect(late).toEqual([]);
    expect(await intlUses()).toEqual([]);
  });
}

for (const { path, call } of [
  { path: '/', call: '/api/product/Ads/list' },
  { path: '/booklist', call: '/api/category/list?search=&page=0&size=5&facets=1' },
]) {
  test(`a visitor's ${path} asks the API for its first answer once: the request index.html sent`, async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname + url.search === call) calls.push(request.url());
    });
    await page.goto(path);
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // index.html sent it, and the screen took it (the slot is emptied when taken) instead of sending its own.
    const earlyAnswers = await page.evaluate(() =>
      Object.entries((window as { __bookswapEarlyAnswers?: object }).__bookswapEarlyAnswers ?? {}).map(
        ([key, value]) => [key, value === undefined],
      ),
    );
    expect(earlyAnswers).toEqual([[call, true]]);
    expect(calls).toHaveLength(1);
  });
}

test('the login screen fetches the identity SDK, so a visitor can sign in from there', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect((await scripts()).some((script) => script.text.includes(IDENTITY_SDK))).toBe(true);
});
