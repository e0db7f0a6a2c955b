import { DEMO_USERS } from '@bookswap/shared/demo-users';
import { expect, signInAsDemo, test } from '../support/fixtures';
import { bookThroughApi, emailSubjectsTo, listFreshBook, signUpFreshBuyer, unique } from '../support/marketplace-steps';

// Messages in a booking (decision 030): the buyer writes from My Orders, the seller is told (bell, row, email), reads
// and answers from Booking Requests, and the buyer reads the answer.
test.setTimeout(60_000);

const bellOf = (count: number) => `Notifications, ${count} unread`;

test('a buyer and a seller exchange messages in a booking; the seller sees the unread count and gets the email', async ({
  page: seller,
  browser,
}) => {
  const book = await listFreshBook(`Thread ${unique('book')}`);
  const buyerContext = await browser.newContext({ baseURL: 'http://localhost:3000' });
  const buyerPage = await buyerContext.newPage();
  const buyer = await signUpFreshBuyer(buyerPage, 'Tess Thread');
  await bookThroughApi(buyerPage, book);

  // The seller's Booking Requests is open before the buyer writes: its bell's count, before.
  await signInAsDemo(seller, 'seller');
  await seller.goto('/dashboard/booking-requests');
  const bell = seller.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  const before = Number((await bell.getAttribute('aria-label'))!.match(/\d+/)![0]);

  // The buyer writes from My Orders.
  await buyerPage.goto('/dashboard/myorder');
  await buyerPage.getByRole('button', { name: new RegExp(`^Messages about ${book.book_name} with`) }).click();
  const buyerThread = buyerPage.getByRole('dialog', { name: `Messages about ${book.book_name}` });
  await buyerThread.getByRole('textbox', { name: 'Your message' }).fill('Is Friday at 5 pm fine?\n<b>Gate B</b>');
  await buyerThread.getByRole('button', { name: 'Send' }).click();
  await expect(buyerThread.getByText('<b>Gate B</b>', { exact: false })).toBeVisible();

  // The seller is emailed (before reading, which would withdraw an email not yet sent).
  const sellerEmail = DEMO_USERS.find((user) => user.role === 'seller')!.email;
  await expect
    .poll(() => emailSubjectsTo(sellerEmail), { timeout: 15_000 })
    .toContain(`Bookswap: 1 new message about ${book.book_name}`);

  // Back on the tab, the bell counts the message and the row shows it unread (both refetch on focus).
  const messages = seller
    .getByRole('table', { name: 'Booking Requests' })
    .getByRole('row')
    .filter({ hasText: book.book_name })
    .getByRole('button', { name: `Messages about ${book.book_name} with ${buyer.name}, 1 unread` });
  await expect(async () => {
    await seller.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(seller.getByRole('button', { name: bellOf(before + 1) })).toBeVisible({ timeout: 1_000 });
    await expect(messages).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  // The seller opens the thread (it is marked read: the bell drops back) and answers.
  await messages.click();
  const sellerThread = seller.getByRole('dialog', { name: `Messages about ${book.book_name}` });
  await expect(sellerThread.getByText('Is Friday at 5 pm fine?', { exact: false })).toBeVisible();
  await expect(seller.getByRole('button', { name: bellOf(before), includeHidden: true })).toBeAttached();
  await sellerThread.getByRole('textbox', { name: 'Your message' }).fill('Friday works, see you at Gate B.');
  await sellerThread.getByRole('button', { name: 'Send' }).click();
  await expect(sellerThread.getByText('Friday works, see you at Gate B.')).toBeVisible();

  // The buyer opens the thread again and reads the answer.
  await buyerThread.getByRole('button', { name: 'Close' }).click();
  await buyerPage.getByRole('button', { name: new RegExp(`^Messages about ${book.book_name} with`) }).click();
  await expect(buyerThread.getByText('Friday works, see you at Gate B.')).toBeVisible();
  await buyerContext.close();
});
