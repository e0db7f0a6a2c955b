import type { Locator, Page } from '@playwright/test';
import { singletonsServedIn } from '../support/federation-manifest';
import { liveReleaseUrl } from '../support/release-drill';
import {
  expect,
  expectSameDocument,
  markDocument,
  originOf,
  REMOTES,
  test,
  type RecordedRequests,
  type RemoteName,
} from '../support/fixtures';
import type { Role } from '@bookswap/contract/auth';

/** A path of each remote and what shows there once its screen rendered. */
interface OwnedPath {
  path: string;
  remote: RemoteName | 'shell';
  /** The role that may open it; undefined: anyone. */
  role?: Role;
  shows: (page: Page) => ReturnType<Page['getByRole']> | ReturnType<Page['getByText']>;
}

const heading = (name: string) => (page: Page) => page.getByRole('heading', { name, exact: true });

const PUBLIC_PATHS: OwnedPath[] = [
  { path: '/', remote: 'storefront', shows: heading('Buy & Sell Second Hand Book!') },
  { path: '/category', remote: 'storefront', shows: heading('Book Categories') },
  { path: '/booklist', remote: 'storefront', shows: (page) => page.getByPlaceholder('What are you looking for?') },
  { path: '/login', remote: 'shell', shows: (page) => page.getByRole('button', { name: 'Login', exact: true }) },
  { path: '/signup', remote: 'shell', shows: (page) => page.getByLabel('Your Name') },
];

const SIGNED_IN_PATHS: OwnedPath[] = [
  { path: '/dashboard', remote: 'shell', role: 'buyer', shows: (page) => page.getByText(/^Welcome,/) },
  { path: '/dashboard/myorder', remote: 'checkout', role: 'buyer', shows: heading('My Orders') },
  { path: '/dashboard/myproduct', remote: 'seller', role: 'seller', shows: heading('My Product') },
  { path: '/dashboard/addproduct', remote: 'seller', role: 'seller', shows: heading('Add Product') },
  { path: '/dashboard/allseller', remote: 'admin', role: 'admin', shows: heading('All Seller List') },
  { path: '/dashboard/alluser', remote: 'admin', role: 'admin', shows: heading('All Buyer List') },
  { path: '/dashboard/show-report', remote: 'admin', role: 'admin', shows: heading('Report') },
  { path: '/dashboard/audit', remote: 'admin', role: 'admin', shows: heading('Audit Log') },
  { path: '/dashboard/releases', remote: 'admin', role: 'admin', shows: heading('Releases') },
];

/** For each remote: a path it owns and who may open it (the remote-down tests). */
const REMOTE_PATH: Record<RemoteName, OwnedPath> = {
  storefront: PUBLIC_PATHS[0]!,
  checkout: SIGNED_IN_PATHS[1]!,
  seller: SIGNED_IN_PATHS[2]!,
  admin: SIGNED_IN_PATHS[4]!,
};

const fallbackOf = (page: Page, remote: RemoteName) =>
  page.locator(`[data-testid="remote-fallback"][data-remote="${remote}"]`);
const topNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The router's own navigation, as an in-app link does it: no document load. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The path renders when navigated to in the app, and again on a reload there (a deep link). */
async function expectShownOnNavigationAndReload(page: Page, owned: OwnedPath) {
  await navigateInApp(page, owned.path);
  await expect(owned.shows(page)).toBeVisible();
  await page.reload();
  await expect(owned.shows(page)).toBeVisible();
}

test.describe('every owned path renders on navigation and on a deep-link reload', () => {
  // One tab walks every path a visitor may open, and one each role's: each path is reached by the router from the
  // screen before it (another remote's, mostly), then reloaded there. A fresh tab per path cost a first load each.
  test('every public path, from one visitor tab', async ({ page }) => {
    await page.goto('/login');
    for (const owned of PUBLIC_PATHS) {
      await test.step(`${owned.path} (${owned.remote})`, async () => {
        await expectShownOnNavigationAndReload(page, owned);
        await expect(topNav(page)).toBeVisible();
        await expect(page.getByText('Page Not Found')).toHaveCount(0);
      });
    }
  });

  for (const role of ['buyer', 'seller', 'admin'] as const) {
    test(`every path of the ${role}, from one signed-in tab`, async ({ page, signIn }) => {
      await signIn(role);
      await page.getByRole('link', { name: 'Home' }).click();
      for (const owned of SIGNED_IN_PATHS.filter((path) => path.role === role)) {
        await test.step(`${owned.path} (${owned.remote})`, async () => {
          await expectShownOnNavigationAndReload(page, owned);
          await expect(page).toHaveURL(new RegExp(`${owned.path}$`));
        });
      }
    });
  }

  test('an unknown URL shows the 404 screen with a Home link', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Home' }).last().click();
    await expect(PUBLIC_PATHS[0]!.shows(page)).toBeVisible();
  });

  test('a signed-out visitor of a dashboard path is sent to /login', async ({ page }) => {
    await page.goto('/dashboard/myproduct');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('a remote is fetched only when one of its routes is visited', async ({ page, requests }) => {
  await page.goto('/login');
  await expect(PUBLIC_PATHS[3]!.shows(page)).toBeVisible();
  for (const remote of REMOTES) expect(requests.to(remote), `${remote} on /login`).toEqual([]);

  await topNav(page).getByRole('link', { name: 'Home' }).click();
  await expect(PUBLIC_PATHS[0]!.shows(page)).toBeVisible();
  expect(requests.to('storefront')).toContain(`${liveReleaseUrl('storefront')}/mf-manifest.json`);
  expect(requests.to('storefront')).toContain(`${liveReleaseUrl('storefront')}/remoteEntry.js`);
  for (const remote of ['seller', 'admin', 'checkout'] as const) expect(requests.to(remote), remote).toEqual([]);
});

/** No script twice; the singletons' code from the shell and none of it from any remote's origin. */
function expectSingletonsFromShellOnly(requests: RecordedRequests) {
  const scripts = requests.urls.filter((url) => url.endsWith('.js'));
  const twice = scripts.filter((url, index) => scripts.indexOf(url) !== index);
  expect(twice, 'scripts requested more than once').toEqual([]);

  const fromShell = new Set(requests.to('shell').flatMap((url) => singletonsServedIn('shell', url)));
  for (const name of ['react', 'react-dom', 'react-router', '@emotion/react', '@mui/material', '@bookswap/contract']) {
    expect([...fromShell], `${name} comes from the shell`).toContain(name);
  }
  for (const remote of REMOTES) {
    const singletonsFromRemote = requests
      .to(remote)
      .filter((url) => url.endsWith('.js'))
      .flatMap((url) => singletonsServedIn(remote, url).map((name) => `${name} in ${url}`));
    expect(singletonsFromRemote, `singleton code loaded from ${remote}`).toEqual([]);
  }
}

async function visitThroughLinks(page: Page, names: string[], within: Locator) {
  for (const name of names) {
    await within.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('progressbar', { name: 'Loading page' })).toHaveCount(0);
  }
}

test.describe('React, MUI and the other singletons load once, from the shell only', () => {
  test('a visitor of the storefront', async ({ page, requests }) => {
    await page.goto('/');
    await expect(PUBLIC_PATHS[0]!.shows(page)).toBeVisible();
    await visitThroughLinks(page, ['Category list', 'Book List', 'Login', 'Home'], topNav(page));
    await expect(PUBLIC_PATHS[0]!.shows(page)).toBeVisible();
    expect(requests.to('storefront').length).toBeGreaterThan(0);
    expectSingletonsFromShellOnly(requests);
  });

  for (const [role, links] of [
    ['seller', ['My Orders', 'My Product']],
    ['admin', ['My Orders', 'All Buyer', 'All Seller', 'Report', 'Audit Log', 'Releases']],
  ] as const) {
    test(`signed in as ${role}, in the dashboard`, async ({ page, requests, signIn }) => {
      await signIn(role);
      // In-app navigation only: a reload would request every script again.
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Dashboard' }).click();
      await visitThroughLinks(page, [...links], page.getByRole('navigation', { name: 'Dashboard' }).first());
      await expect(
        page.getByRole('heading', { name: links.at(-1) === 'Releases' ? 'Releases' : 'My Product' }),
      ).toBeVisible();
      expectSingletonsFromShellOnly(requests);
    });
  }
});

test.describe('a remote that is down shows its fallback while the rest works, and Retry recovers', () => {
  for (const remote of REMOTES) {
    test(remote, async ({ page, product, signIn }) => {
      const owned = REMOTE_PATH[remote];
      if (owned.role) await signIn(owned.role);
      else await page.goto('/login');
      await product.stopPackage(remote);
      await markDocument(page);

      await navigateInApp(page, owned.path);
      const fallback = fallbackOf(page, remote);
      await expect(fallback).toBeVisible();
      await expect(fallback.getByRole('button', { name: 'Retry' })).toBeVisible();

      // The shell and the other remotes keep working.
      if (remote !== 'storefront') {
        await topNav(page).getByRole('link', { name: 'Category list' }).click();
        await expect(heading('Book Categories')(page)).toBeVisible();
      } else {
        await topNav(page).getByRole('link', { name: 'Login' }).click();
        await expect(PUBLIC_PATHS[3]!.shows(page)).toBeVisible();
      }
      await page.goBack();
      await expect(fallback).toBeVisible();

      await product.startPackage(remote);
      await fallback.getByRole('button', { name: 'Retry' }).click();
      await expect(owned.shows(page)).toBeVisible();
      await expect(fallback).toHaveCount(0);
      await expectSameDocument(page);
    });
  }

  test('the shell starts and navigates with a remote down from the first page load', async ({ page, product }) => {
    await product.stopPackage('storefront');
    await page.goto('/');
    await expect(fallbackOf(page, 'storefront')).toBeVisible();
    await topNav(page).getByRole('link', { name: 'Login' }).click();
    await expect(PUBLIC_PATHS[3]!.shows(page)).toBeVisible();
    await product.startPackage('storefront');
    await topNav(page).getByRole('link', { name: 'Home' }).click();
    await expect(PUBLIC_PATHS[0]!.shows(page)).toBeVisible();
  });

  test('a screen chunk that fails after the remote entry loaded', async ({ page }) => {
    const storefront = originOf('storefront');
    // The manifest, the entry and the route table load (the two first screens come inside it, decision 015);
    // the category list's own chunk does not.
    await page.route(`${storefront}/**`, async (route) => {
      const file = new URL(route.request().url()).pathname;
      if (/^\/[^/]+\/(mf-manifest\.json|remoteEntry\.js|__federation_expose_routes\.[0-9a-f]+\.js)$/.test(file)) {
        await route.continue();
      } else await route.abort('connectionrefused');
    });
    await page.goto('/login');
    await markDocument(page);
    await topNav(page).getByRole('link', { name: 'Category list' }).click();
    const fallback = fallbackOf(page, 'storefront');
    await expect(fallback).toBeVisible();

    await page.unroute(`${storefront}/**`);
    await fallback.getByRole('button', { name: 'Retry' }).click();
    await expect(PUBLIC_PATHS[1]!.shows(page)).toBeVisible();
    await expectSameDocument(page);
  });
});

test('the servers answer with the caching and CORS headers deployers rely on', async ({ request }) => {
  const page = await request.get('/dashboard/myproduct');
  expect(page.headers()['content-type']).toContain('text/html');
  // The page depends on the browser's canary draw (docs/decisions/029): revalidated, and kept by no shared cache.
  expect(page.headers()['cache-control']).toBe('private, no-cache');
  // The page preloads its script from the head and starts it from the body (shell/public/index.html).
  const script = /href="(\/_shell\/[^/"]+\/main\.[0-9a-f]+\.js)"/.exec(await page.text())?.[1];
  expect(script).toBeDefined();
  // A shell release's files never change: cached for good, and still there for a tab after the next promote.
  expect((await request.get(script ?? '')).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await request.get('/_shell/0.0.0-none/main.0123456789.js')).status()).toBe(404);

  // remotes.json is computed per browser from the release registry (its canary draw): never cached.
  const remotes = await request.get('/remotes.json');
  expect(remotes.headers()['cache-control']).toBe('no-store');
  expect((await remotes.json()) as unknown).toEqual(
    expect.arrayContaining(
      REMOTES.map((name) => expect.objectContaining({ name, entry: `${liveReleaseUrl(name)}/mf-manifest.json` })),
    ),
  );
  expect((await request.get('/config.json')).headers()['cache-control']).toBe('no-store');

  for (const remote of REMOTES) {
    // A release's files, its manifest too, are never rewritten: cached for good (docs/decisions/020).
    const manifest = await request.get(`${liveReleaseUrl(remote)}/mf-manifest.json`, {
      headers: { origin: originOf('shell') },
    });
    expect(manifest.headers()['access-control-allow-origin']).toBe('*');
    expect(manifest.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    // A missing file stays a 404 on a remote: no SPA fallback hides a broken deployment.
    expect((await request.get(`${liveReleaseUrl(remote)}/no-such-chunk.js`)).status()).toBe(404);
  }
});
