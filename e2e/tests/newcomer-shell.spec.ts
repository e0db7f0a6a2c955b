// What a newcomer tripped over in the shell: a focus ring the keyboard can see, sign-in errors in words,
// "Forgot password?" with the emulator's reset link, and a dashboard home that offers the role's screens.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectAccessible } from '../support/shared-steps';
import { createEmulatorAccount, listOobCodes } from '../../tooling/auth-emulator/auth-emulator.mts';

const uniqueEmail = (who: string) => `${who}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@bookswap.test`;
const RESET_LINK_SENT = 'If an account exists for that email, a reset link is on its way';

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function askForResetLink(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });
  await expect(dialog.getByLabel('Email')).toHaveValue(email);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog).toContainText(RESET_LINK_SENT);
  return dialog;
}

test('a wrong password reads "Wrong email or password", not the provider\'s error name', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, 'buyer@bookswap.test', 'not-the-password');
  const alert = page.getByRole('alert').filter({ hasText: 'Wrong email or password' });
  await expect(alert).toBeVisible();
  await expect(page.getByText(/auth\/|Firebase/)).toHaveCount(0);
});

test("Forgot password? sends the emulator's reset link, which sets a new password", async ({ page }) => {
  const email = uniqueEmail('forgetful');
  await createEmulatorAccount({ email, password: 'old-secret', displayName: 'Fay Forgetful' });

  const dialog = await askForResetLink(page, email);
  await expectAccessible(page);
  const reset = (await listOobCodes()).find((code) => code.email === email && code.requestType === 'PASSWORD_RESET');
  expect(reset).toBeDefined();
  const followed = await page.request.get(`${reset!.oobLink}&newPassword=new-secret`);
  expect(followed.ok()).toBe(true);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await logIn(page, email, 'new-secret');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
});

test('Forgot password? answers the same for an address without an account', async ({ page }) => {
  const email = uniqueEmail('nobody');
  await askForResetLink(page, email);
  expect((await listOobCodes()).filter((code) => code.email === email)).toEqual([]);
});

test('the keyboard focus shows as a dark ring on buttons and fields', async ({ page }) => {
  await page.goto('/login');
  const email = page.getByLabel('Email');
  await email.focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const forgot = page.getByRole('button', { name: 'Forgot password?' });
  await expect(forgot).toBeFocused();
  await expect(forgot).toHaveCSS('outline-style', 'solid');
  await expect(forgot).toHaveCSS('outline-width', '3px');
  await page.keyboard.press('Tab');
  const login = page.getByRole('button', { name: 'Login', exact: true });
  await expect(login).toBeFocused();
  await expect(login).toHaveCSS('outline', 'rgb(18, 61, 43) solid 3px');
  // A text field shows the ring around its whole box, however it got the focus.
  await email.click();
  await expect(email.locator('xpath=..')).toHaveCSS('outline-width', '3px');
});

test("the dashboard home offers the role's screens, and opens one from the keyboard", async ({ page, signIn }) => {
  await signIn('seller');
  await page.goto('/dashboard');
  const screens = page.getByRole('navigation', { name: 'Your screens' });
  await expect(screens.getByRole('heading', { level: 2 })).toHaveText([
    'My Orders',
    'Saved Searches',
    'My Product',
    'Booking Requests',
  ]);
  await expectAccessible(page);
  const openMyProduct = screens
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'My Product' }) })
    .getByRole('link', { name: 'Open' });
  await openMyProduct.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/dashboard/myproduct');
});
