import type { Locator, Page } from '@playwright/test';
import type { BookListResponse, Product } from '@bookswap/shared/schemas';
import { expect, test } from '../support/fixtures';
import { signUpThroughApi, type ApiAccount } from '../support/accounts-through-api';
import { API_URL, expectAccessible, newListing } from '../support/shared-steps';

/** A fresh address per account: the server's records and bans outlive every test (e2e/README.md, Independence). */
const uniqueEmail = (who: string) => `${who}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@e2e.test`;
const uniqueTag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

const accessToken = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken'));

/** The signed-in page's access token, once the shell has stored it (it shows the account menu a moment before). */
async function tokenOf(page: Page): Promise<string> {
  await expect.poll(() => accessToken(page), { message: 'the shell stored an access token' }).toBeTruthy();
  return (await accessToken(page))!;
}

async function callApi(method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${API_URL}${path}`, {
    method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

/** A new person of the role, as someone other than the admin: the admin's screens are under test, not sign-up. */
const signUpFresh = (role: 'buyer' | 'seller', name: string): Promise<ApiAccount> =>
  signUpThroughApi(role, name, uniqueEmail(role));

/** Lists a book as the given seller, through the API_URL, with a cover already in the image store. */
async function listBook(seller: ApiAccount, title: string): Promise<string> {
  const page = await callApi('GET', '/api/category/list?search=&page=0&size=5');
  const cover = (page.body as BookListResponse).products[0]!.img;
  const created = await callApi('POST', '/api/product/create', seller.token, newListing(title, cover, 'admin'));
  expect(created.status, `create ${title}`).toBe(201);
  return (created.body as { insertedId: string }).insertedId;
}

async function reportBook(buyer: ApiAccount, productId: string) {
  const created = await callApi('POST', '/api/report/create', buyer.token, { reason: 'High Price', productId });
  expect(created.status, 'report').toBe(201);
}

const rowWith = (page: Page, text: string): Locator => page.getByRole('row').filter({ hasText: text });

/** The admin lists page their rows and a run adds many: search for the row, as an admin would. */
async function searchedRow(page: Page, searchLabel: string, text: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: searchLabel }).fill(text);
  return rowWith(page, text);
}

/** The book list searched for one title: its card, or "NO Product". */
async function searchBookList(page: Page, title: string) {
  await page.goto(`/booklist?${new URLSearchParams({ search: title })}`);
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
}

/** The admin's audit log shows this action on this target, by the demo admin, with a long date and time. */
async function expectAudited(page: Page, action: string, target: string) {
  await page.goto('/dashboard/audit');
  const entry = page.getByRole('table', { name: 'Audit Log' }).getByRole('row').filter({ hasText: target });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(action);
  await expect(entry).toContainText('admin@bookswap.test');
  await expect(entry.locator('time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M$/);
}

test.describe('the admin', () => {
  test('verifies a newly signed-up seller, whose listing then shows the verified tick', async ({ page, signIn }) => {
    const tag = uniqueTag();
    const seller = await signUpFresh('seller', `Vera Seller ${tag}`);
    const title = `Verify tick ${tag}`;
    await listBook(seller, title);
    await signIn('admin');

    const card = await searchBookList(page, title);
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('img', { name: 'Verified seller' })).toHaveCount(0);

    await page.goto('/dashboard/allseller');
    await expect(page.getByRole('heading', { level: 1, name: 'All Seller List' })).toBeVisible();
    const row = await searchedRow(page, 'Search by name or email', seller.email);
    await expect(row).toContainText(seller.name);
    await expectAccessible(page);
    await row.getByRole('button', { name: `Verify ${seller.name}` }).click();
    await expect(page.getByText('verify successfully')).toBeVisible();
    await expect(row.getByRole('button', { name: /Verify/ })).toHaveCount(0);
    await expect(row).toContainText('verified');

    await expect(await searchBookList(page, title)).toHaveCount(1);
    await expect(card.getByRole('img', { name: 'Verified seller' })).toBeVisible();
    await expectAudited(page, 'Verified seller', seller.name);
  });

  test('deletes a newly signed-up buyer, who then cannot sign in again', async ({ page, browser, signIn }) => {
    const buyer = await signUpFresh('buyer', `Dee Buyer ${uniqueTag()}`);
    await signIn('admin');

    await page.goto('/dashboard/alluser');
    await expect(page.getByRole('heading', { level: 1, name: 'All Buyer List' })).toBeVisible();
    const row = await searchedRow(page, 'Search by name or email', buyer.email);
    await expect(row).toContainText(buyer.name);
    await expectAccessible(page);
    await row.getByRole('button', { name: `Delete ${buyer.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure to detele Buyer' });
    await expect(dialog).toContainText(`if you delete ${buyer.name} It cannot be undone.`);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Delete successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);

    // The ban: signing in again must not create a fresh buyer record for the same email.
    const context = await browser.newContext({ baseURL: 'http://localhost:3000' });
    try {
      const again = await context.newPage();
      await again.goto('/login');
      await again.getByLabel('Email').fill(buyer.email);
      await again.getByLabel('Password').fill(buyer.password);
      await again.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(again.getByRole('alert')).toContainText('This account has been removed by an admin.');
      await expect(again).toHaveURL(/\/login$/);
      await expect(again.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
      expect(await accessToken(again)).toBeNull();
    } finally {
      await context.close();
    }
    const adminToken = await tokenOf(page);
    const record = await callApi('GET', `/api/user/list/${encodeURIComponent(buyer.email)}`, adminToken);
    expect(record.status, 'no user record came back').toBe(404);

    await expectAudited(page, 'Deleted user', buyer.name);
  });

  test('hides a reported listing, which leaves the book list and its details URL', async ({ page, signIn }) => {
    const tag = uniqueTag();
    const seller = await signUpFresh('seller', `Hal Seller ${tag}`);
    const buyer = await signUpFresh('buyer', `Rae Reporter ${tag}`);
    const title = `Hide me ${tag}`;
    const productId = await listBook(seller, title);
    await reportBook(buyer, productId);
    await signIn('admin');

    await page.goto('/dashboard/show-report');
    await expect(page.getByRole('heading', { level: 1, name: 'Report' })).toBeVisible();
    const row = await searchedRow(page, 'Search by reporter or book', title);
    await expect(row).toContainText(buyer.name);
    await expect(row).toContainText('High Price');
    await expectAccessible(page);
    await row.getByRole('button', { name: `Hide Product ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure to detele product' });
    // The dialog says what Hide does, not the delete message.
    await expect(dialog).toContainText(`Hiding ${title} takes it off the store and out of the ads`);
    await expect(dialog).not.toContainText('cannot be undone');
    await dialog.getByRole('button', { name: 'Hide', exact: true }).click();
    await expect(page.getByText('Product hidden successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Hidden');
    await expect(row.getByRole('button')).toHaveCount(0);

    await searchBookList(page, title);
    await expect(page.getByText('NO Product')).toBeVisible();
    await page.goto(`/bookDetails/${productId}`);
    await expect(page.getByRole('main')).toContainText('This book could not be loaded: No product with this id');
    await expect(page.getByRole('heading', { level: 1, name: title })).toHaveCount(0);
    expect((await callApi('GET', `/api/product/list/${productId}`)).status).toBe(404);

    await expectAudited(page, 'Hid product', title);
  });

  test('dismisses an unfounded report, and the listing stays public', async ({ page, signIn }) => {
    const tag = uniqueTag();
    const seller = await signUpFresh('seller', `Kit Seller ${tag}`);
    const buyer = await signUpFresh('buyer', `Moe Reporter ${tag}`);
    const title = `Keep me ${tag}`;
    const productId = await listBook(seller, title);
    await reportBook(buyer, productId);
    await signIn('admin');

    await page.goto('/dashboard/show-report');
    const row = await searchedRow(page, 'Search by reporter or book', title);
    await row.getByRole('button', { name: `Dismiss report on ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Dismiss this report?' });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await expect(page.getByText('Report dismissed successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Dismissed');
    await expect(row.getByRole('button')).toHaveCount(0);

    await expect(await searchBookList(page, title)).toHaveCount(1);
    const product = await callApi('GET', `/api/product/list/${productId}`);
    expect(product.status).toBe(200);
    expect((product.body as Product).report, 'the seller may advertise it again').toBe('false');

    await expectAudited(page, 'Dismissed report', title);
  });

  test('reads verify, delete, hide and dismiss in the audit log, newest first', async ({ page, signIn }) => {
    const tag = uniqueTag();
    const seller = await signUpFresh('seller', `Ava Seller ${tag}`);
    const leaving = await signUpFresh('buyer', `Ben Leaving ${tag}`);
    const reporter = await signUpFresh('buyer', `Cy Reporter ${tag}`);
    const hidden = `Audit hidden ${tag}`;
    const kept = `Audit kept ${tag}`;
    const hiddenId = await listBook(seller, hidden);
    const keptId = await listBook(seller, kept);
    await reportBook(reporter, hiddenId);
    await reportBook(reporter, keptId);
    await signIn('admin');
    const admin = await tokenOf(page);

    // The four actions through the API_URL, in a known order; the screens' own buttons are covered above.
    const usersOf = async (role: string) =>
      (await callApi('GET', `/api/user/role?role=${role}`, admin)).body as { _id: string; userEmail: string }[];
    const sellerId = (await usersOf('seller')).find((user) => user.userEmail === seller.email)!._id;
    const leavingId = (await usersOf('buyer')).find((user) => user.userEmail === leaving.email)!._id;
    const reports = (await callApi('GET', '/api/report/list', admin)).body as { _id: string; productId: string }[];
    const keptReport = reports.find((report) => report.productId === keptId)!._id;
    expect((await callApi('PUT', `/api/user/seller/verify/${sellerId}`, admin)).status).toBe(200);
    expect((await callApi('DELETE', `/api/user/delete/${leavingId}`, admin)).status).toBe(200);
    expect((await callApi('PUT', `/api/report/update/${hiddenId}`, admin)).status).toBe(200);
    expect((await callApi('PUT', `/api/report/dismiss/${keptReport}`, admin)).status).toBe(200);

    await page.goto('/dashboard/audit');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
    const ours = page
      .getByRole('table', { name: 'Audit Log' })
      .getByRole('row')
      .filter({ hasText: new RegExp(`${seller.name}|${leaving.name}|${hidden}|${kept}`) });
    await expect(ours).toHaveCount(4);
    const texts = await ours.allTextContents();
    expect(texts[0]).toContain('Dismissed report');
    expect(texts[0]).toContain(kept);
    expect(texts[1]).toContain('Hid product');
    expect(texts[1]).toContain(hidden);
    expect(texts[2]).toContain('Deleted user');
    expect(texts[2]).toContain(leaving.name);
    expect(texts[3]).toContain('Verified seller');
    expect(texts[3]).toContain(seller.name);
    for (const text of texts) expect(text).toContain('admin@bookswap.test');
    await expectAccessible(page);
  });
});
