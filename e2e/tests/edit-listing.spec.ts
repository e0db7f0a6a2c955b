import type { Page } from '@playwright/test';
import type { Product } from '@bookswap/shared/schemas';
import { expect, test } from '../support/fixtures';
import {
  accessToken,
  api,
  bookingOf,
  bookThroughApi,
  listFreshBook,
  payThroughApi,
  send,
  signUpFreshBuyer,
  unique,
} from '../support/marketplace-steps';

/** Issue 36: a seller edits their own listing from My Product until it is sold. */

const rowOf = (page: Page, title: string) =>
  page.getByRole('table', { name: 'My Product' }).getByRole('row').filter({ hasText: title });

test.describe('editing a listing', () => {
  test('the seller changes the title and price; the lists and details show them, a booking keeps its price', async ({
    page,
    browser,
    signIn,
  }) => {
    const title = unique('Edit me');
    const newTitle = unique('Edited');
    const book = await listFreshBook(browser, title);

    // A buyer books it first, at 12.50.
    const buyerContext = await browser.newContext({ baseURL: 'http://localhost:3000' });
    const buyerPage = await buyerContext.newPage();
    const buyer = await signUpFreshBuyer(buyerPage);
    await bookThroughApi(buyerPage, book);

    await signIn('seller');
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

    const booking = await bookingOf(buyerPage, buyer.email, book._id);
    expect(booking.price).toBe('12.50');
    expect(booking.book_name).toBe(title);
    await buyerContext.close();
  });

  test('a paid listing offers no Edit, and the server refuses one', async ({ page, browser, signIn }) => {
    const title = unique('Sold copy');
    const book = await listFreshBook(browser, title);
    const buyerContext = await browser.newContext({ baseURL: 'http://localhost:3000' });
    const buyerPage = await buyerContext.newPage();
    const buyer = await signUpFreshBuyer(buyerPage);
    await bookThroughApi(buyerPage, book);
    await payThroughApi(buyerPage, await bookingOf(buyerPage, buyer.email, book._id));
    await buyerContext.close();

    await signIn('seller');
    await page.goto('/dashboard/myproduct');
    await expect(rowOf(page, title)).toContainText('sold');
    await expect(rowOf(page, title).getByRole('button', { name: /^Edit/ })).toHaveCount(0);

    const refused = await send(
      'PUT',
      `/api/product/edit/${book._id}`,
      {
        book_name: 'Renamed after sale',
        author_name: book.author_name,
        book_condition: book.book_condition,
        original_price: book.original_price,
        resale_price: '1',
        location: book.location,
        phone: '',
        img: book.img,
      },
      await accessToken(page),
    );
    expect(refused).toEqual({ status: 409, body: { message: 'A sold product cannot be edited', field: 'id' } });
    expect((await api<Product>(`/api/product/list/${book._id}`)).book_name).toBe(title);
  });
});
