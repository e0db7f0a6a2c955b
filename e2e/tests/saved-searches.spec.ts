import { expect, test } from '../support/fixtures';
import { emailsTo, listFreshBook, signUpFreshBuyer } from '../support/marketplace-steps';
import { expectAccessible } from '../support/shared-steps';

// Saved searches (decision 035): a buyer saves the book list's search, a new matching listing reaches them by email
// (the product's alert round runs every second here, global-setup.ts), and the email's link unsubscribes without a
// sign-in. One test, one sign-in: browser time is counted.
test('a buyer saves a search, is emailed a new matching listing, and unsubscribes from the email', async ({
  page,
  browser,
}) => {
  // A fresh buyer and a word no other book has, so no other test's listing or saved search meets this one.
  const buyer = await signUpFreshBuyer(page, 'Sam Search');
  const word = `quokka${Date.now().toString(36)}`;
  await page.goto(`/booklist?search=${word}&category=8`);
  await expect(page.getByRole('heading', { name: '0 books' })).toBeVisible();
  await page.getByRole('button', { name: 'Save this search' }).click();
  const savedSearches = page.getByRole('link', { name: 'Your saved searches' });
  await expect(savedSearches).toBeVisible();

  // Once saved, the demo seller lists a book the search matches (newListing's category is Literature); while its
  // alert round runs, the buyer finds the search on Saved Searches.
  const book = await listFreshBook(`The ${word} of Rottnest`);
  await savedSearches.click();
  const label = `“${word}”, Literature`;
  await expect(page.getByText(label)).toBeVisible();
  // A release's screen, which the route table's every-route walk does not open.
  await expectAccessible(page);
  await expect
    .poll(async () => (await emailsTo(buyer.email)).map((email) => email.subject), { timeout: 10_000 })
    .toEqual([`Bookswap: 1 new book for ${label}`]);
  const [email] = await emailsTo(buyer.email);
  expect(email!.text).toContain(book.book_name);
  const link = /open (http\S+\/api\/saved-search\/unsubscribe\S+)/.exec(email!.text)?.[1];
  expect(link, 'the email’s unsubscribe link').toBeDefined();

  // Opened in a browser that never signed in, the link ends the search.
  const stranger = await browser.newContext();
  const unsubscribe = await stranger.newPage();
  await unsubscribe.goto(link!);
  await expect(unsubscribe.getByText('You will get no more emails about this saved search.')).toBeVisible();
  await stranger.close();

  await page.reload();
  await expect(page.getByText('No saved search')).toBeVisible();
});
