import type { Booking } from '@bookswap/shared/schemas';
import { expect, expectSameDocument, markDocument, test } from '../support/fixtures';
import {
  accessToken,
  api,
  bookThroughApi,
  listFreshBook,
  signUpFreshBuyer,
  unique,
} from '../support/marketplace-steps';

// The API server goes away and comes back (the same data folder) while a buyer works. Each test signs up,
// lists, and waits for the API server to stop and start: more than the default minute on two shared cores.
test.setTimeout(180_000);

const CANNOT_REACH = 'The server cannot be reached';

test.describe('the API server goes away', () => {
  test('a buyer opening My Orders while the API is down sees an error with Retry, and the list comes back in place', async ({
    page,
    product,
  }) => {
    const book = await listFreshBook(`Outage orders ${unique('book')}`);
    await signUpFreshBuyer(page, 'Olive Outage');
    await bookThroughApi(page, book);
    await page.goto('/dashboard/myorder');
    const orders = page.getByRole('table', { name: 'My Orders' });
    await expect(orders.getByRole('row').filter({ hasText: book.book_name })).toBeVisible();

    await product.stopApi();
    let failedLoads = 0;
    page.on('requestfailed', (request) => {
      // My Orders loads its pages from /api/booking/orders.
      if (new URL(request.url()).pathname === '/api/booking/orders') failedLoads++;
    });
    // The buyer comes back to My Orders (a reload, a bookmark) while the API is down.
    await page.reload();
    const failure = page.getByRole('alert').filter({ hasText: 'Your orders could not be loaded' });
    await expect(failure).toContainText(CANNOT_REACH);
    await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
    // The load and the 3 automatic retries (product.md §9) fail; then the error and its Retry stay, no spinner.
    await expect.poll(() => failedLoads, { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
    await expect(failure.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);

    await markDocument(page);
    await product.startApi();
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(orders.getByRole('row').filter({ hasText: book.book_name })).toBeVisible();
    await expect(failure).toHaveCount(0);
    await expectSameDocument(page);
  });

  test('a booking sent while the API is down keeps the form and says what failed; sent again once it is back, it books once', async ({
    page,
    product,
  }) => {
    const book = await listFreshBook(`Outage booking ${unique('book')}`);
    const buyer = await signUpFreshBuyer(page, 'Otto Outage');
    await page.goto(`/bookDetails/${book._id}`);
    await page.getByRole('button', { name: 'Book Now' }).click();
    const dialog = page.getByRole('dialog', { name: `Book ${book.book_name}` });
    await dialog.getByLabel('Phone').fill('+1 555 0177');
    await dialog.getByLabel('Meeting location').fill('Station clock, north exit');

    await product.stopApi();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByRole('alert')).toContainText(CANNOT_REACH);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Phone')).toHaveValue('+1 555 0177');
    await expect(dialog.getByLabel('Meeting location')).toHaveValue('Station clock, north exit');

    await markDocument(page);
    await product.startApi();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Booked confirmed')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expectSameDocument(page);

    const bookings = await api<Booking[]>(
      `/api/booking/list?email=${encodeURIComponent(buyer.email)}`,
      await accessToken(page),
    );
    const ofThisBook = bookings.filter((booking) => booking.category_id === book._id);
    expect(ofThisBook).toHaveLength(1);
    expect(ofThisBook[0]).toMatchObject({ phone: '+1 555 0177', meetingLocation: 'Station clock, north exit' });
  });
});
