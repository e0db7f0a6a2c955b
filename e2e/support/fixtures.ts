import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_USERS, type DemoUser } from '@bookswap/shared/demo-users';
import type { Role } from '@bookswap/contract/auth';
import { accessTokenThroughApi } from './accounts-through-api';
import { reportOfPages } from './failure-report';

/** The ports of docs/architecture.md; browser URLs use localhost. */
export const PORTS = { shell: 3000, storefront: 3001, seller: 3002, admin: 3003, checkout: 3004 } as const;
export type PackageName = keyof typeof PORTS;
export type RemoteName = Exclude<PackageName, 'shell'>;
export const REMOTES: readonly RemoteName[] = ['storefront', 'seller', 'admin', 'checkout'];
export const originOf = (name: PackageName) => `http://localhost:${PORTS[name]}`;

/** Takes one package's static server, or the API server, down and back, through the global setup's control endpoint. */
export interface ProductControl {
  stopPackage(name: PackageName): Promise<void>;
  startPackage(name: PackageName): Promise<void>;
  /** Stops the API server (SIGTERM); its database and images stay in the run's DATA_DIR. */
  stopApi(): Promise<void>;
  /** Starts the API server again on the same port and DATA_DIR; resolves once GET /health answers. */
  startApi(): Promise<void>;
}

/** Every URL the test's page requested, in order. */
export interface RecordedRequests {
  urls: string[];
  /** Requests to one package's origin. */
  to(name: PackageName): string[];
  clear(): void;
}

export interface BookswapFixtures {
  product: ProductControl;
  requests: RecordedRequests;
  /**
   * Signs in as the first demo user of that role; resolves once signed in. The first time in this worker it goes
   * through the login screen; later it restores that session (see `storedSessions`).
   */
  signIn(role: Role): Promise<DemoUser>;
}

/** `name` is a package, or 'api' for the API server. */
async function control(action: 'stop' | 'start', name: PackageName | 'api') {
  const url = process.env.BOOKSWAP_CONTROL_URL;
  if (!url) throw new Error('BOOKSWAP_CONTROL_URL is not set: run through e2e/playwright.config.ts');
  const path = name === 'api' ? `/api/${action}` : `/packages/${name}/${action}`;
  const response = await fetch(`${url}${path}`, { method: 'POST' });
  if (!response.ok) throw new Error(`${action} ${name}: ${response.status} ${await response.text()}`);
}

/** Logs in on the login screen with an email and password, and waits until the page is signed in. */
export async function logInThroughLoginScreen(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

function demoUserOf(role: Role): DemoUser {
  const user = DEMO_USERS.find((candidate) => candidate.role === role);
  if (!user) throw new Error(`No demo user with role ${role}`);
  return user;
}

export async function signInThroughLoginScreen(page: Page, role: Role): Promise<DemoUser> {
  const user = demoUserOf(role);
  await logInThroughLoginScreen(page, user.email, user.password);
  return user;
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * A demo session signed in once through the login screen in this worker, by role: what the browser kept of it
 * (local storage and IndexedDB, where the identity provider keeps its sign-in) and the page it landed on. A later
 * `signIn` puts it into the test's fresh context, as a returning visitor's browser holds it, instead of typing the
 * login again: about two seconds each over some fifty sign-ins in a run. The login screen itself keeps its own tests.
 */
const storedSessions = new Map<Role, { state: StorageState; landing: string }>();

/** For a test that ends the demo sessions at the server (log out of all devices): later sign-ins type the login again. */
export function forgetStoredSessions() {
  storedSessions.clear();
}

/** Signs `page` in as the first demo user of that role: the stored session when there is one, else the login screen. */
export async function signInAsDemo(page: Page, role: Role): Promise<DemoUser> {
  const stored = storedSessions.get(role);
  if (stored) {
    const user = demoUserOf(role);
    // A current access token (product.md §3's `accessToken`): a test's "Log out" since has ended the stored one at
    // the server, and a page restores its session only when it holds one.
    const token = await accessTokenThroughApi(user.email, user.password);
    const origins = stored.state.origins.map((origin) => ({
      ...origin,
      localStorage: origin.localStorage.map((item) => (item.name === 'accessToken' ? { ...item, value: token } : item)),
    }));
    // The context's own cookies stay (its browser id, which picks its canary releases); only the sign-in is added.
    const context = page.context();
    await context.setStorageState({ cookies: await context.cookies(), origins });
    // A page of the test's own context is not the fixture's: it waits for hydration here.
    await page.goto(stored.landing);
    await untilHydrated(page);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    return user;
  }
  const user = await signInThroughLoginScreen(page, role);
  storedSessions.set(role, { state: await page.context().storageState({ indexedDB: true }), landing: page.url() });
  return user;
}

/**
 * Resolves once a page the shell's server rendered (docs/decisions/037) is hydrated: it shows before its script runs,
 * and its controls answer only from then on. A page the browser rendered is ready as it is.
 */
export async function untilHydrated(page: Page) {
  await page.waitForFunction(() => {
    if (!document.getElementById('bookswap-page-state')) return true;
    const drawn = document.querySelector('#root > div');
    return drawn !== null && Object.keys(drawn).some((key) => key.startsWith('__reactFiber'));
  });
}

export const test = base.extend<BookswapFixtures>({
  // Every test acts on a page as a person would once it answers: loads through the fixture's page wait for hydration.
  // A test that fails prints what each of its pages (its own contexts' too) logged and which requests failed or hung.
  page: async ({ page }, use, testInfo) => {
    for (const load of ['goto', 'reload', 'goBack', 'goForward'] as const) {
      const original = page[load].bind(page) as (...args: unknown[]) => ReturnType<Page['reload']>;
      Object.assign(page, {
        [load]: async (...args: unknown[]) => {
          const response = await original(...args);
          await untilHydrated(page);
          return response;
        },
      });
    }
    await use(page);
    const browser = page.context().browser();
    if (testInfo.status === testInfo.expectedStatus || !browser) return;
    const report = await reportOfPages(browser);
    await testInfo.attach('pages.txt', { body: report, contentType: 'text/plain' });
    console.log(`What the pages of "${testInfo.title}" showed:\n${report}`);
  },
  product: async ({}, use) => {
    const stopped = new Set<PackageName | 'api'>();
    await use({
      async stopPackage(name) {
        await control('stop', name);
        stopped.add(name);
      },
      async startPackage(name) {
        await control('start', name);
        stopped.delete(name);
      },
      async stopApi() {
        stopped.add('api');
        await control('stop', 'api');
      },
      async startApi() {
        await control('start', 'api');
        stopped.delete('api');
      },
    });
    // Whatever a test took down comes back, so the next test starts from the whole product.
    for (const name of stopped) await control('start', name);
  },
  requests: async ({ page }, use) => {
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    await use({
      urls,
      to: (name) => urls.filter((url) => url.startsWith(`${originOf(name)}/`)),
      clear: () => void urls.splice(0, urls.length),
    });
  },
  signIn: async ({ page }, use) => {
    await use((role) => signInAsDemo(page, role));
  },
});

export { expect };

/** Marks the document, so a test can tell a Retry that recovered in place from a page reload. */
export async function markDocument(page: Page) {
  await page.evaluate(() => Object.assign(window, { __bookswapMarker: true }));
}

export async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __bookswapMarker?: boolean }).__bookswapMarker)).toBe(true);
}
