import { DEMO_USERS } from '@bookswap/shared/demo-users';
import { expect, originOf, test } from '../support/fixtures';
import { API_URL } from '../support/shared-steps';

// docs/decisions/006: the shell judges a visitor by the route table before it downloads a remote or
// runs a route's loader, so a refused visitor costs nothing and sees no "session ended" error.

test('a signed-out visitor of a payment URL lands on /login without loading checkout or calling the API_URL, and returns after login', async ({
  page,
  requests,
}) => {
  const unauthorized: string[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(API_URL) && response.status() === 401) unauthorized.push(response.url());
  });
  await page.goto('/dashboard/payment/some-booking-id');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  expect(requests.to('checkout')).toEqual([]);
  expect(requests.urls.filter((url) => url.startsWith(`${API_URL}/api/`))).toEqual([]);

  const buyer = DEMO_USERS.find((user) => user.role === 'buyer')!;
  await page.getByLabel('Email').fill(buyer.email);
  await page.getByLabel('Password').fill(buyer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL('/dashboard/payment/some-booking-id');
  expect(requests.to('checkout').length).toBeGreaterThan(0);
  expect(unauthorized).toEqual([]);
});

test('a buyer opening the admin lists is sent to /login and never downloads the admin remote', async ({
  page,
  requests,
  signIn,
}) => {
  await signIn('buyer');
  for (const path of [
    '/dashboard/allseller',
    '/dashboard/alluser',
    '/dashboard/show-report',
    '/dashboard/audit',
    '/dashboard/releases',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL('/login');
  }
  expect(requests.to('admin')).toEqual([]);
  expect(requests.urls.some((url) => url.startsWith(originOf('admin')))).toBe(false);
});

test('a buyer opening a seller page is sent to /login without downloading the seller remote', async ({
  page,
  requests,
  signIn,
}) => {
  await signIn('buyer');
  await page.goto('/dashboard/addproduct');
  await expect(page).toHaveURL('/login');
  expect(requests.to('seller')).toEqual([]);
});
