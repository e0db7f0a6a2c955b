import { DEMO_USERS } from '@bookswap/shared/demo-users';
import { expect, markDocument, expectSameDocument, signInAsDemo, test } from '../support/fixtures';
import {
  bookingOf,
  bookThroughApi,
  emailSubjectsTo,
  listFreshBook,
  payThroughApi,
  signUpFreshBuyer,
  unique,
} from '../support/marketplace-steps';

// Lists that stay current while open (decision 063). The bell polls every 15 s (shell/src/notifications), so a new
// booking may take that long to show; nothing here waits longer than one poll and a margin.
test.setTimeout(90_000);
const ONE_POLL = 25_000;

test('an open Booking Requests shows a new booking without a reload; Mark all read empties the bell; Mark handed over asks first', async ({
  page: seller,
  browser,
}) => {
  const book = await listFreshBook(`Current ${unique('book')}`);
  await signInAsDemo(seller, 'seller');
  await seller.goto('/dashboard/booking-requests');
  await expect(seller.getByRole('heading', { level: 1, name: 'Booking Requests' })).toBeVisible();
  await expect(seller.getByRole('button', { name: /^Notifications, \d+ unread$/ })).toBeVisible();
  await markDocument(seller);

  // (i) A buyer in another browser books the seller's book: the row appears at the bell's next poll.
  const buyerContext = await browser.newContext({ baseURL: 'http://localhost:3000' });
  const buyerPage = await buyerContext.newPage();
  const buyer = await signUpFreshBuyer(buyerPage, 'Nell Newbooking');
  await bookThroughApi(buyerPage, book, { phone: '+1 555 0136', meetingLocation: 'Old mill' });
  const row = seller
    .getByRole('table', { name: 'Booking Requests' })
    .getByRole('row')
    .filter({ hasText: book.book_name })
    .filter({ hasText: buyer.name });
  await expect(row).toContainText('Waiting for payment', { timeout: ONE_POLL });
  await expect(row).toContainText('Old mill');
  await expectSameDocument(seller);

  // The buyer pays; the seller comes back to the tab, and the list refetches on focus, without waiting for a poll.
  await payThroughApi(buyerPage, await bookingOf(buyerPage, buyer.email, book._id));
  // SWR skips a focus within 2 s of the last load and then for 5 s, so the tab is focused until the list shows it.
  await expect(async () => {
    await seller.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(row).toContainText('Paid', { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expectSameDocument(seller);

  // (ii) Mark all read: the bell's count goes to 0.
  await seller.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  const list = seller.getByRole('dialog', { name: 'Notifications' });
  // After the sale the seller is told to hand the book over : in the bell and by email.
  await expect(list.getByText(`Booking paid: ${book.book_name}`)).toBeVisible();
  await expect(
    list.getByText(`${book.book_name} is paid: hand it over to ${buyer.name}`, { exact: false }),
  ).toBeVisible();
  const sellerEmail = DEMO_USERS.find((user) => user.role === 'seller')!.email;
  await expect
    .poll(() => emailSubjectsTo(sellerEmail), { timeout: 30_000 })
    .toContain(`Bookswap: Booking paid: ${book.book_name}`);
  await list.getByRole('button', { name: 'Mark all read' }).click();
  await expect(list.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  await seller.keyboard.press('Escape');
  await expect(seller.getByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible();

  // (iii) Mark handed over asks first; Cancel changes nothing, confirming hands it over.
  const handOver = row.getByRole('button', { name: `Mark handed over: ${book.book_name} to ${buyer.name}` });
  await handOver.click();
  const dialog = seller.getByRole('dialog', { name: 'Mark this book handed over?' });
  await expect(dialog).toContainText(`${buyer.name} will be told that you handed ${book.book_name} over to them`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Paid');
  await handOver.click();
  await seller
    .getByRole('dialog', { name: 'Mark this book handed over?' })
    .getByRole('button', { name: 'Mark handed over' })
    .click();
  await expect(row).toContainText('Handed over');
  // And the buyer is told it was handed over, by email too.
  await expect
    .poll(() => emailSubjectsTo(buyer.email), { timeout: 30_000 })
    .toContain(`Bookswap: Handed over: ${book.book_name}`);
  await buyerContext.close();
});
