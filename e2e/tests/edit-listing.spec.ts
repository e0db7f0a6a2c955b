import type { Page } from '@playwright/test';
import type { BookListResponse, Product } from '@bookswap/shared/schemas';
import { expect, test } from '../support/fixtures';
import {
  accessToken,
  api,
  bookingOf,
  bookThroughApi,
  payThroughApi,
  post,
  send,
  signUpFreshBuyer,
  unique,
} from '../support/marketplace-steps';
import { newListing } from '../support/shared-steps';

/** A seller edits their own listing from My Product until it is sold. */

const rowOf = (page: Page, title: string) =>
  page.getByRole('table', { name: 'My Product' }).getByRole('row').filter({ hasText: title });

/** A fresh book listed through the API by the seller signed in on `page`. */
async function listThroughApi(page: Page, title: string): Promise<Product> {
  const cover = (await api<BookListResponse>('/api/category/list?search=&page=0&size=5')).products[0]!.img;
  const created = await post('/api/product/create', newListing(title, cover, 'edit-listing'), await accessToken(page));
  expect(created.status, `create ${title}`).toBe(201);
  return api<Product>(`/api/product/list/${String(created.body.insertedId)}`);
}

// One story, so the seller and the buyer each sign in once: the sign-ins are most of its time.
test('a seller edits an unsold listing from My Product, and cannot edit a paid one', async ({
  page,
  browser,
  signIn,
}) => {
  const title = unique('Edit me');
  const newTitle = unique('Edited');
  const soldTitle = unique('Sold copy');
  await signIn('seller');
  const book = await listThroughApi(page, title);
  const sold = await listThroughApi(page, soldTitle);

  // A buyer books the first at 12.50, and books and pays for the second.
  const buyerContext = await browser.newContext({ baseURL: 'http://localhost:3000' });
  const buyerPage = await buyerContext.newPage();
  const buyer = await signUpFreshBuyer(buyerPage);
  await bookThroughApi(buyerPage, book);
  await bookThroughApi(buyerPage, sold);
  await payThroughApi(buyerPage, await bookingOf(buyerPage, buyer.email, sold._id));

  await test.step('the seller changes the title and price; the lists and details show them', async () => {
    await page.goto('/dashboard/myproduct');
    await rowOf(page, title)
      .getByRole('button', { name: `Edit ${title}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Edit ${title}` });
    await expect(dialog.getByRole('textbox', { name: 'Resale Price' })).toHaveValue('12.50');
    await dialog.getByRole('textbox', { name: 'Book Name' }).fill(newTitle);
    await dialog.getByRole('textbox', { name: 'Resale Price' }).fill('25');
    await expect(dialog.getByRole('status')).toContainText('The resale price is above the original price.');
    await dialog.getByRole('textbox', { name: 'Resale Price' }).fill('18');
    await dialog.getByRole('button', { name: 'Save changes' }).click();

    await expect(page.getByText('Product updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, newTitle)).toContainText('$18.00');

    await page.goto(`/booklist?${new URLSearchParams({ search: newTitle })}`);
    await expect(page.getByRole('article').filter({ hasText: newTitle })).toContainText('Sell Price: $18.00');
    await page.goto(`/bookDetails/${book._id}`);
    await expect(page.getByRole('heading', { name: newTitle })).toBeVisible();
    await expect(page.getByText('Selling Price: $18.00')).toBeVisible();
  });

  await test.step('the buyer’s booking keeps the name and price it was made at', async () => {
    const booking = await bookingOf(buyerPage, buyer.email, book._id);
    expect(booking.price).toBe('12.50');
    expect(booking.book_name).toBe(title);
    await buyerContext.close();
  });

  await test.step('a paid listing offers no Edit, and the server refuses one', async () => {
    await page.goto('/dashboard/myproduct');
    await expect(rowOf(page, soldTitle)).toContainText('sold');
    await expect(rowOf(page, soldTitle).getByRole('button', { name: /^Edit/ })).toHaveCount(0);

    const refused = await send(
      'PUT',
      `/api/product/edit/${sold._id}`,
      {
        book_name: 'Renamed after sale',
        author_name: sold.author_name,
        book_condition: sold.book_condition,
        original_price: sold.original_price,
        resale_price: '1',
        location: sold.location,
        phone: '',
        img: sold.img,
      },
      await accessToken(page),
    );
    expect(refused).toEqual({ status: 409, body: { message: 'A sold product cannot be edited', field: 'id' } });
    expect((await api<Product>(`/api/product/list/${sold._id}`)).book_name).toBe(soldTitle);
  });
});
