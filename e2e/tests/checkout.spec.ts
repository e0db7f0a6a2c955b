import type { Page } from '@playwright/test';
import { formatDateTime, withTimeZone, type Product } from '@bookswap/shared/schemas';
import { expect, test } from '../support/fixtures';
import {
  accessToken,
  api,
  bookThroughApi,
  bookingOf,
  fillCard,
  listFreshBook,
  post,
  signUpFreshBuyer,
  unique,
} from '../support/marketplace-steps';
import { expectAccessible } from '../support/shared-steps';

// Each test signs up, lists, books and pays: more than the default minute on two shared cores.
test.setTimeout(120_000);

/** Every call the page makes to one API_URL path, with its answer. */
function recordCalls(page: Page, method: string, path: string) {
  const answers: { status: number; body: Record<string, unknown>; request: Record<string, unknown> }[] = [];
  page.on('response', async (response) => {
    const request = response.request();
    if (request.method() !== method || new URL(request.url()).pathname !== path) return;
    answers.push({
      status: response.status(),
      body: (await response.json()) as Record<string, unknown>,
      request: request.postDataJSON() as Record<string, unknown>,
    });
  });
  return answers;
}

test.describe('checkout', () => {
  test('a buyer books a book, pays with 4242, sees the confirmation, and My Orders reads Paid', async ({ page }) => {
    const book = await listFreshBook(`Checkout paid ${unique('book')}`);
    const buyer = await signUpFreshBuyer(page);
    const records = recordCalls(page, 'POST', '/api/payment/create');

    await page.goto(`/bookDetails/${book._id}`);
    await page.getByRole('button', { name: 'Book Now' }).click();
    const dialog = page.getByRole('dialog', { name: `Book ${book.book_name}` });
    await dialog.getByLabel('Phone').fill('+1 555 0142');
    await dialog.getByLabel('Meeting location').fill('City library, front desk');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Booked confirmed')).toBeVisible();

    // To My Orders through the menus, without a reload: the booking made in the storefront is there.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Orders' }).first().click();
    await expect(page).toHaveURL('/dashboard/myorder');
    const orders = page.getByRole('table', { name: 'My Orders' });
    const row = orders.getByRole('row').filter({ hasText: book.book_name });
    await expect(row).toContainText('$12.50');
    await expect(row.getByRole('img', { name: `Cover of ${book.book_name}` })).toBeVisible();
    await expectAccessible(page);

    await row.getByRole('link', { name: `Pay for ${book.book_name}` }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name: `Payment for ${book.book_name}` })).toBeVisible();
    const booking = await bookingOf(page, buyer.email, book._id);
    // When it was booked, in the reader's zone, named.
    await expect(
      page.getByText(`Please pay $12.50 for your booking ${withTimeZone(formatDateTime(booking.bookedAt))}`),
    ).toBeVisible();
    await fillCard(page, '4242 4242 4242 4242');
    const pay = page.getByRole('button', { name: 'Pay' });
    await expect(pay).toBeEnabled();
    await expectAccessible(page);
    await pay.click();

    await expect(page.getByText('congrats! your payment complete')).toBeVisible();
    await expect(page.getByText(/^pi_sandbox_\w+$/)).toBeVisible();
    const transactionId = (await page.getByText(/^pi_sandbox_\w+$/).textContent())!;

    await expect(page).toHaveURL('/dashboard/myorder');
    await expect(row).toContainText('Paid');
    await expect(row.getByRole('link', { name: /^Pay for/ })).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'congrats! your payment complete' })).toContainText(
      transactionId,
    );
    await expectAccessible(page);

    // The server: one payment record for this transaction, the booking paid, the book sold.
    expect(records).toHaveLength(1);
    expect(records[0]!.status).toBe(201);
    expect(records[0]!.request).toEqual({
      price: '12.50',
      bookingid: booking._id,
      buyerEmail: buyer.email,
      category_id: book._id,
      transactionId,
    });
    const replay = await post('/api/payment/create', records[0]!.request, await accessToken(page));
    expect(replay.body.insertedId, 'the same record answers a replay').toBe(records[0]!.body.insertedId);
    expect((await bookingOf(page, buyer.email, book._id)).paid).toBe(true);
    expect((await api<Product>(`/api/product/list/${book._id}`)).paid).toBe(true);

    // Sold: the storefront offers it no more, and its payment screen says it is paid.
    await page.goto(`/bookDetails/${book._id}`);
    await expect(page.getByText('Sold', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0);
    await page.goto(`/dashboard/payment/${booking._id}`);
    await expect(page.getByText('This booking is already paid.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay' })).toHaveCount(0);
  });

  test('a declined card shows its message in red and the booking stays unpaid', async ({ page }) => {
    const book = await listFreshBook(`Checkout declined ${unique('book')}`);
    const buyer = await signUpFreshBuyer(page);
    const bookingId = await bookThroughApi(page, book);
    const records = recordCalls(page, 'POST', '/api/payment/create');

    await page.goto(`/dashboard/payment/${bookingId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Payment for ${book.book_name}` })).toBeVisible();
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay' }).click();
    const message = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
    await expect(message).toBeVisible();
    await expect(message).toHaveCSS('color', 'rgb(211, 47, 47)');
    await expect(page.getByRole('button', { name: 'Pay' })).toBeEnabled();
    await expectAccessible(page);

    expect(records).toHaveLength(0);
    expect((await bookingOf(page, buyer.email, book._id)).paid).toBe(false);
    expect((await api<Product>(`/api/product/list/${book._id}`)).paid).toBe(false);
    await page.goto('/dashboard/myorder');
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: book.book_name })
        .getByRole('link', { name: `Pay for ${book.book_name}` }),
    ).toBeVisible();
  });

  test('a card that asks for 3-D Secure pays once the buyer completes the authentication', async ({ page }) => {
    const book = await listFreshBook(`Checkout 3DS ${unique('book')}`);
    const buyer = await signUpFreshBuyer(page);
    const bookingId = await bookThroughApi(page, book);

    await page.goto(`/dashboard/payment/${bookingId}`);
    await fillCard(page, '4000 0025 0000 3155');
    await page.getByRole('button', { name: 'Pay' }).click();
    const dialog = page.getByRole('dialog', { name: '3D Secure test payment' });
    await expect(dialog.getByRole('button', { name: 'Complete authentication' })).toBeFocused();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Fail authentication' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'We are unable to authenticate' })).toBeVisible();
    expect((await bookingOf(page, buyer.email, book._id)).paid).toBe(false);

    await page.getByRole('button', { name: 'Pay' }).click();
    await dialog.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(page.getByText('congrats! your payment complete')).toBeVisible();
    await expect(page).toHaveURL('/dashboard/myorder');
    expect((await bookingOf(page, buyer.email, book._id)).paid).toBe(true);
  });

  test('a double click on Pay charges once and makes one payment record', async ({ page }) => {
    const book = await listFreshBook(`Checkout double ${unique('book')}`);
    const buyer = await signUpFreshBuyer(page);
    const bookingId = await bookThroughApi(page, book);
    const confirms = recordCalls(page, 'POST', '/api/payments/sandbox/confirm');
    const records = recordCalls(page, 'POST', '/api/payment/create');

    await page.goto(`/dashboard/payment/${bookingId}`);
    await fillCard(page, '4242 4242 4242 4242');
    const pay = page.getByRole('button', { name: 'Pay' });
    await expect(pay).toBeEnabled();
    await pay.dblclick();
    await expect(page.getByText('congrats! your payment complete')).toBeVisible();
    await expect(page).toHaveURL('/dashboard/myorder');
    await expect(page.getByRole('row').filter({ hasText: book.book_name })).toContainText('Paid');

    expect(confirms).toHaveLength(1);
    expect(records).toHaveLength(1);
    expect((await bookingOf(page, buyer.email, book._id)).paid).toBe(true);
    // Paying again for the paid booking is refused: no second intent, so no second charge.
    const again = await post(
      '/api/payment/create/intent',
      { price: '12.50', bookingid: bookingId },
      await accessToken(page),
    );
    expect(again.status).toBe(409);
  });
});
