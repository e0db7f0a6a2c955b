import type { Browser, Page } from '@playwright/test';
import { DEMO_USERS } from '@bookswap/shared/demo-users';
import { expect, signInAsDemo, test } from '../support/fixtures';
import {
  bookThroughApi,
  emailSubjectsTo,
  fillCard,
  listFreshBook,
  signUpFreshBuyer,
  unique,
} from '../support/marketplace-steps';
import { expectAccessible } from '../support/shared-steps';

// The loop between a buyer and the seller (decision 024). Each test signs up buyers, lists and books: more than a minute.
test.setTimeout(150_000);

const demoSeller = DEMO_USERS.find((user) => user.role === 'seller')!;

async function sellerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: 'http://localhost:3000' });
  const page = await context.newPage();
  await signInAsDemo(page, 'seller');
  return page;
}

async function buyerPage(browser: Browser, name: string) {
  const context = await browser.newContext({ baseURL: 'http://localhost:3000' });
  const page = await context.newPage();
  const buyer = await signUpFreshBuyer(page, name);
  return { page, buyer };
}

const requestRow = (page: Page, bookName: string, buyerName: string) =>
  page
    .getByRole('table', { name: 'Booking Requests' })
    .getByRole('row')
    .filter({ hasText: bookName })
    .filter({ hasText: buyerName });

const orderRow = (page: Page, bookName: string) =>
  page.getByRole('table', { name: 'My Orders' }).getByRole('row').filter({ hasText: bookName });

async function expectEmail(address: string, subject: string) {
  await expect.poll(() => emailSubjectsTo(address), { timeout: 30_000 }).toContain(subject);
}

test.describe('the booking loop', () => {
  test('a buyer books; the seller sees the request, the unread count and an email, and declines; the buyer sees Declined and gets an email', async ({
    page,
    browser,
  }) => {
    const book = await listFreshBook(`Loop declined ${unique('book')}`);
    const buyer = await signUpFreshBuyer(page, 'Dana Decline');

    await page.goto(`/bookDetails/${book._id}`);
    await page.getByRole('button', { name: 'Book Now' }).click();
    const dialog = page.getByRole('dialog', { name: `Book ${book.book_name}` });
    await dialog.getByLabel('Phone').fill('+1 555 0199');
    await dialog.getByLabel('Meeting location').fill('Harbour cafe, table by the window');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Booked confirmed')).toBeVisible();
    // The book now reads as the buyer's own booking: no second Book Now.
    await expect(page.getByText('Booked by you')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0);

    const seller = await sellerPage(browser);
    await expect(seller.getByRole('button', { name: /^Notifications, \d+ unread$/ })).toBeVisible();
    await seller.getByRole('button', { name: /^Notifications/ }).click();
    await expect(seller.getByText(`New booking: ${book.book_name}`)).toBeVisible();
    await seller.getByText(`New booking: ${book.book_name}`).click();
    await expect(seller).toHaveURL('/dashboard/booking-requests');
    const request = requestRow(seller, book.book_name, buyer.name);
    await expect(request).toContainText('+1 555 0199');
    await expect(request).toContainText('Harbour cafe, table by the window');
    await expect(request).toContainText('Waiting for payment');
    await expectAccessible(seller);
    await expectEmail(demoSeller.email, `Bookswap: New booking: ${book.book_name}`);

    await request.getByRole('button', { name: `Decline the booking of ${book.book_name} by ${buyer.name}` }).click();
    await seller.getByRole('dialog').getByRole('button', { name: 'Decline' }).click();
    await expect(request).toContainText('Declined');

    await page.goto('/dashboard/myorder');
    const order = orderRow(page, book.book_name);
    await expect(order).toContainText('Declined');
    await expect(order.getByRole('link', { name: `Pay for ${book.book_name}` })).toHaveCount(0);
    await expectEmail(buyer.email, `Bookswap: Booking declined: ${book.book_name}`);
    await seller.context().close();
  });

  test('two buyers book one book; one pays, the other sees Sold to another buyer and cannot pay; the seller marks it handed over', async ({
    page,
    browser,
  }) => {
    const book = await listFreshBook(`Loop sold ${unique('book')}`);
    const first = await signUpFreshBuyer(page, 'Pia Payer');
    await bookThroughApi(page, book);
    const other = await buyerPage(browser, 'Lou Later');
    const otherBookingId = await bookThroughApi(other.page, book, {
      phone: '+1 555 0177',
      meetingLocation: 'Station square',
    });

    await page.goto('/dashboard/myorder');
    await orderRow(page, book.book_name)
      .getByRole('link', { name: `Pay for ${book.book_name}` })
      .click();
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByText('congrats! your payment complete')).toBeVisible();
    // The buyer who paid learns whom to meet.
    await expect(orderRow(page, book.book_name)).toContainText(demoSeller.userName);
    await expectEmail(first.email, `Bookswap: Payment received: ${book.book_name}`);

    await other.page.goto('/dashboard/myorder');
    const lost = orderRow(other.page, book.book_name);
    await expect(lost).toContainText('Sold to another buyer');
    await expect(lost.getByRole('link', { name: `Pay for ${book.book_name}` })).toHaveCount(0);
    await other.page.goto(`/dashboard/payment/${otherBookingId}`);
    await expect(other.page.getByText('This book is already sold.')).toBeVisible();
    await expect(other.page.getByLabel('Card number')).toHaveCount(0);
    await expectEmail(other.buyer.email, `Bookswap: Sold to another buyer: ${book.book_name}`);

    const seller = await sellerPage(browser);
    await seller.goto('/dashboard/booking-requests');
    await expect(requestRow(seller, book.book_name, other.buyer.name)).toContainText('Sold to another buyer');
    const paid = requestRow(seller, book.book_name, first.name);
    await expect(paid).toContainText('Paid');
    await paid.getByRole('button', { name: `Mark handed over: ${book.book_name} to ${first.name}` }).click();
    // It asks first.
    await seller.getByRole('dialog').getByRole('button', { name: 'Mark handed over' }).click();
    await expect(paid).toContainText('Handed over');
    await other.page.context().close();
    await seller.context().close();
  });

  test('a buyer cancels a booking from My Orders and the seller sees it cancelled', async ({ page, browser }) => {
    const book = await listFreshBook(`Loop cancelled ${unique('book')}`);
    const buyer = await signUpFreshBuyer(page, 'Cas Cancel');
    await bookThroughApi(page, book);

    await page.goto('/dashboard/myorder');
    const order = orderRow(page, book.book_name);
    await order.getByRole('button', { name: `Cancel booking of ${book.book_name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel booking' }).click();
    await expect(order).toContainText('Cancelled by buyer');
    await expect(order.getByRole('link', { name: `Pay for ${book.book_name}` })).toHaveCount(0);

    const seller = await sellerPage(browser);
    await seller.goto('/dashboard/booking-requests');
    await expect(requestRow(seller, book.book_name, buyer.name)).toContainText('Cancelled by buyer');
    await expectEmail(demoSeller.email, `Bookswap: Booking cancelled: ${book.book_name}`);
    await seller.context().close();
  });
});
