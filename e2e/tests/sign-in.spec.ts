import type { Page } from '@playwright/test';
import { DEMO_USERS } from '@bookswap/shared/demo-users';
import { expect, forgetStoredSessions, signInThroughLoginScreen, test } from '../support/fixtures';
import { API_URL } from '../support/shared-steps';
import { listAccounts, seedDemoUsers, wipeAccounts } from '../../tooling/auth-emulator/auth-emulator.mts';

/** A fresh address per test: the API_URL server's records outlive the emulator wipes between tests. */
const uniqueEmail = (who: string) => `${who}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@bookswap.test`;

const accessToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('accessToken'));
const sideMenu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
const accountMenu = (page: Page) => page.getByRole('button', { name: 'Account menu' });

async function roleOnServer(page: Page, email: string) {
  // The account menu can show a moment before the access token is stored.
  await expect.poll(() => accessToken(page)).toBeTruthy();
  const token = await accessToken(page);
  const answer = await page.request.get(`${API_URL}/api/user/list/${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { role: string }).role;
}

async function signUp(page: Page, account: { name: string; email: string; role: 'Buyer' | 'Seller' }) {
  await page.goto('/signup');
  await page.getByLabel('Your Name').fill(account.name);
  await page.getByLabel('Role').selectOption({ label: account.role });
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('user created succrssfully')).toBeVisible();
  await expect(accountMenu(page)).toBeVisible();
}

async function openDashboard(page: Page) {
  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function logInOnScreen(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

test.beforeEach(async () => {
  // Each test starts from the seeded accounts alone; wiping removes the demo accounts too, so they come back.
  await wipeAccounts();
  await seedDemoUsers({ users: DEMO_USERS });
  // The demo accounts are new ones now: a session stored before belongs to accounts that are gone.
  forgetStoredSessions();
});

test('signing up as a seller records the role on the server and opens My Product', async ({ page }) => {
  const email = uniqueEmail('seller');
  await signUp(page, { name: 'Sid Seller', email, role: 'Seller' });
  await expect(page).toHaveURL('/');
  expect(await accessToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(await roleOnServer(page, email)).toBe('seller');

  await openDashboard(page);
  await expect(page.getByRole('heading', { name: 'Welcome, Sid Seller' })).toBeVisible();
  await expect(sideMenu(page).getByRole('link', { name: 'My Product' })).toBeVisible();
  await sideMenu(page).getByRole('link', { name: 'My Product' }).click();
  await expect(page).toHaveURL('/dashboard/myproduct');
});

test('signing up as a buyer gives My Orders and no My Product', async ({ page }) => {
  const email = uniqueEmail('buyer');
  await signUp(page, { name: 'Bay Buyer', email, role: 'Buyer' });
  expect(await roleOnServer(page, email)).toBe('buyer');

  await openDashboard(page);
  await expect(page.getByRole('heading', { name: 'Welcome, Bay Buyer' })).toBeVisible();
  await expect(sideMenu(page).getByRole('link', { name: 'My Orders' })).toBeVisible();
  await expect(sideMenu(page).getByRole('link', { name: 'My Product' })).toHaveCount(0);
});

test('a first Google sign-in (the local chooser of emulator mode) creates a buyer', async ({ page }) => {
  const email = uniqueEmail('google');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue With Google' }).click();
  const chooser = page.getByRole('dialog', { name: 'Sign in with Google' });
  await chooser.getByLabel('Google email').fill(email);
  await chooser.getByLabel('Display name').fill('Gia Google');
  await chooser.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(accountMenu(page)).toBeVisible();
  await expect(page.getByText('user created succrssfully')).toBeVisible();
  expect(await roleOnServer(page, email)).toBe('buyer');
  const account = (await listAccounts()).find((candidate) => candidate.email === email);
  expect(account?.providerUserInfo?.map((provider) => provider.providerId)).toContain('google.com');

  await openDashboard(page);
  await expect(page.getByRole('heading', { name: 'Welcome, Gia Google' })).toBeVisible();
  await expect(sideMenu(page).getByRole('link', { name: 'My Product' })).toHaveCount(0);

  // The same Google account again: signed in to the same record, no second creation.
  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: 'Log out', exact: true }).click();
  await page.getByRole('button', { name: 'Continue With Google' }).click();
  await chooser.getByLabel('Google email').fill(email);
  await chooser.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(accountMenu(page)).toBeVisible();
  expect(await roleOnServer(page, email)).toBe('buyer');
  expect((await listAccounts()).filter((candidate) => candidate.email === email)).toHaveLength(1);
});

test('a cancelled Google sign-in says so and leaves the visitor signed out', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue With Google' }).click();
  await page.getByRole('dialog', { name: 'Sign in with Google' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Google sign-in was cancelled.')).toBeVisible();
  await expect(page).toHaveURL('/login');
  await expect(accountMenu(page)).toHaveCount(0);
});

test('a wrong password says so in words people read, in red, and signs nobody in', async ({ page }) => {
  const seller = DEMO_USERS.find((user) => user.role === 'seller')!;
  await page.goto('/login');
  await logInOnScreen(page, seller.email, 'not-the-password');
  const message = page.getByRole('alert');
  await expect(message).toContainText('Wrong email or password');
  await expect(message).not.toContainText('Firebase');
  await expect(message).toHaveCSS('color', 'rgb(211, 47, 47)');
  await expect(page).toHaveURL('/login');
  expect(await accessToken(page)).toBeNull();
  await expect(accountMenu(page)).toHaveCount(0);
});

test('a protected page sends a signed-out visitor to /login and back there after login', async ({ page }) => {
  const buyer = DEMO_USERS.find((user) => user.role === 'buyer')!;
  await page.goto('/dashboard/myorder');
  await expect(page).toHaveURL('/login');
  await logInOnScreen(page, buyer.email, buyer.password);
  await expect(page).toHaveURL('/dashboard/myorder');
  await expect(sideMenu(page).getByRole('link', { name: 'My Orders' })).toBeVisible();
});

test('a buyer opening a seller or an admin page is sent to /login', async ({ page, signIn }) => {
  await signIn('buyer');
  for (const path of ['/dashboard/myproduct', '/dashboard/allseller', '/dashboard/show-report']) {
    await page.goto(path);
    await expect(page).toHaveURL('/login');
  }
});

for (const user of DEMO_USERS.filter(
  (candidate, index, all) => all.findIndex((u) => u.role === candidate.role) === index,
)) {
  test(`the demo ${user.role} signs in and sees the ${user.role}'s dashboard menu`, async ({ page }) => {
    await signInThroughLoginScreen(page, user.role);
    await openDashboard(page);
    await expect(page.getByRole('heading', { name: `Welcome, ${user.userName}` })).toBeVisible();
    const expected = {
      buyer: ['My Orders', 'Saved Searches'],
      seller: ['My Orders', 'Saved Searches', 'My Product', 'Booking Requests'],
      admin: [
        'My Orders',
        'Saved Searches',
        'All Buyer',
        'All Seller',
        'Report',
        'Audit Log',
        'Releases',
        'Mail',
        'Messages',
        'Reviews',
      ],
    }[user.role];
    await expect(sideMenu(page).getByRole('link')).toHaveText(expected);
  });
}

test('logging out removes the access token and shows Login again', async ({ page, signIn }) => {
  await signIn('buyer');
  expect(await accessToken(page)).not.toBeNull();
  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: 'Log out', exact: true }).click();
  await expect(page).toHaveURL('/login');
  expect(await accessToken(page)).toBeNull();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login');
});

test('after logging out, the old access token is refused by the API (the session ended on the server)', async ({
  page,
  signIn,
}) => {
  const buyer = await signIn('buyer');
  const token = await accessToken(page);
  const bookings = () =>
    fetch(`${API_URL}/api/booking/list?email=${encodeURIComponent(buyer.email)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
  expect((await bookings()).status).toBe(200);
  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: 'Log out', exact: true }).click();
  await expect(page).toHaveURL('/login');
  expect((await bookings()).status).toBe(401);
});

test("a reload keeps the session, and a seller's page waits for the role instead of bouncing", async ({
  page,
  signIn,
}) => {
  await signIn('seller');
  await page.goto('/dashboard/myproduct');
  await expect(page).toHaveURL('/dashboard/myproduct');
  await page.reload();
  await expect(page).toHaveURL('/dashboard/myproduct');
  await expect(accountMenu(page)).toBeVisible();
  await expect(sideMenu(page).getByRole('link', { name: 'My Product' })).toBeVisible();
  expect(await accessToken(page)).not.toBeNull();
});

test('an expired access token is renewed once and the page keeps working', async ({ page, signIn }) => {
  const buyer = await signIn('buyer');
  await page.evaluate(() => window.localStorage.setItem('accessToken', 'expired.or.forged'));
  await page.goto('/dashboard/myorder');
  await expect(page).toHaveURL('/dashboard/myorder');
  await expect(sideMenu(page).getByRole('link', { name: 'My Orders' })).toBeVisible();
  await expect.poll(() => accessToken(page)).not.toBe('expired.or.forged');
  expect(await roleOnServer(page, buyer.email)).toBe('buyer');
});
