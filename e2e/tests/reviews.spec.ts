import { DEMO_USERS } from '@bookswap/shared/demo-users';
import { expect, signInAsDemo, test } from '../support/fixtures';
import { accessTokenThroughApi } from '../support/accounts-through-api';
import {
  bookThroughApi,
  bookingOf,
  listFreshBook,
  payThroughApi,
  send,
  signUpFreshBuyer,
  unique,
} from '../support/marketplace-steps';

// Reviews after hand-over (decision 034): both parties review, each review stays hidden from the other until both
// are in, then both show, and the seller's public page carries the buyer's review.
test.setTimeout(60_000);

const seller = DEMO_USERS.find((user) => user.role === 'seller')!;

test('buyer and seller review each other after the hand-over; neither review shows until both are in', async ({
  page: sellerPage,
  browser,
}) => {
  const book = await listFreshBook(`Reviewed ${unique('book')}`);
  const buyerContext = await browser.newContext({ baseURL: 'http://localhost:3000' });
  const buyerPage = await buyerContext.newPage();
  const buyer = await signUpFreshBuyer(buyerPage, 'Rhea Reviewer');
  await bookThroughApi(buyerPage, book);
  const booking = await bookingOf(buyerPage, buyer.email, book._id);
  await payThroughApi(buyerPage, booking);
  const handedOver = await send(
    'PUT',
    `/api/booking/handover/${booking._id}`,
    undefined,
    await accessTokenThroughApi(seller.email, seller.password),
  );
  expect(handedOver.status, 'hand-over').toBe(200);

  // The buyer writes first, and is told the review waits for the seller's.
  await buyerPage.goto('/dashboard/myorder');
  await buyerPage.getByRole('button', { name: `Leave a review for ${book.book_name}` }).click();
  const buyerDialog = buyerPage.getByRole('dialog', { name: `Reviews of ${book.book_name}` });
  await buyerDialog.getByRole('radio', { name: /4 stars: very good/ }).check();
  await buyerDialog
    .getByRole('textbox', { name: 'Your review (optional)' })
    .fill('On time, and the book was as described.');
  await buyerDialog.getByRole('button', { name: 'Send review' }).click();
  await expect(buyerDialog.getByText(`Review sent, visible when ${seller.userName} has written`)).toBeVisible();
  await buyerDialog.getByRole('button', { name: 'Close' }).click();

  // The seller cannot read it before writing theirs.
  await signInAsDemo(sellerPage, 'seller');
  await sellerPage.goto('/dashboard/booking-requests');
  const row = sellerPage
    .getByRole('table', { name: 'Booking Requests' })
    .getByRole('row')
    .filter({ hasText: book.book_name });
  await row.getByRole('button', { name: `Leave a review for ${book.book_name}` }).click();
  const sellerDialog = sellerPage.getByRole('dialog', { name: `Reviews of ${book.book_name}` });
  await expect(sellerDialog.getByText(`How was meeting ${buyer.name}?`)).toBeVisible();
  await expect(sellerDialog.getByText('On time, and the book was as described.')).toHaveCount(0);

  // Once the seller has written, both show to the seller...
  await sellerDialog.getByRole('radio', { name: /5 stars: excellent/ }).check();
  await sellerDialog.getByRole('textbox', { name: 'Your review (optional)' }).fill('Paid at once, friendly.');
  await sellerDialog.getByRole('button', { name: 'Send review' }).click();
  await expect(sellerDialog.getByText('Reviews are in')).toBeVisible();
  await expect(sellerDialog.getByText('On time, and the book was as described.')).toBeVisible();

  // ...and to the buyer, whose row now shows the seller's stars.
  await buyerPage.reload();
  await buyerPage.getByRole('button', { name: `Reviews of ${book.book_name}` }).click();
  await expect(buyerDialog.getByText('Paid at once, friendly.')).toBeVisible();

  // The seller's public page carries the buyer's review (the book's card links there).
  await buyerPage.goto(`/seller/${book.sellerId}`);
  await expect(buyerPage.getByRole('heading', { level: 1, name: seller.userName })).toBeVisible();
  await expect(buyerPage.getByText('On time, and the book was as described.')).toBeVisible();
  await buyerContext.close();
});
