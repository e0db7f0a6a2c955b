import type { Page } from '@playwright/test';
import type { BookListResponse, Booking, Product, ProductWithContact, User } from '@bookswap/shared/schemas';
import { DEMO_USERS } from '@bookswap/shared/demo-users';
import { expect, test } from '../support/fixtures';
import { accessToken, listFreshBook } from '../support/marketplace-steps';
import { API_URL, expectAccessible } from '../support/shared-steps';

async function api<T>(path: string, token?: string): Promise<T> {
  const response = await fetch(`${API_URL}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(response.status, `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

/** Every public book, in the order the list shows them. */
async function allBooks(): Promise<Product[]> {
  const first = await api<BookListResponse>('/api/category/list?search=&page=0&size=20');
  const books = [...first.products];
  for (let page = 1; books.length < first.count; page++)
    books.push(...(await api<BookListResponse>(`/api/category/list?search=&page=${page}&size=20`)).products);
  return books;
}

/**
 * Fresh books listed by the demo seller, under names no other test uses, so this file's bookings and reports never
 * meet another test's data (e2e/README.md, Independence).
 */
const listFreshBooks = (titles: string[]) => Promise.all(titles.map((title) => listFreshBook(title, 'storefront')));

const cardTitles = (page: Page) => page.getByRole('article').getByRole('heading');

test.describe('the storefront', () => {
  test('home shows the banner, three categories, the advertised books in 1, 2 or 4 columns and three reviews', async ({
    page,
  }) => {
    const advertised = (await api<Product[]>('/api/product/Ads/list')).filter((product) => product.addADS);
    expect(advertised.length, 'the demo seed advertises books').toBeGreaterThan(0);

    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Buy & Sell Second Hand Book!' })).toBeVisible();
    const categories = page.getByRole('region', { name: 'Book Categories' });
    await expect(categories.getByRole('article')).toHaveCount(3);
    await expect(categories.getByRole('link', { name: 'See More' })).toHaveAttribute('href', '/category');
    const ads = page.getByRole('region', { name: 'Advertise Product' });
    await expect(ads.getByRole('article')).toHaveCount(advertised.length);
    // The reviews, the last section, come as the visitor scrolls near them.
    await page.mouse.wheel(0, 5_000);
    await expect(page.getByRole('region', { name: 'Client Review' }).getByRole('figure')).toHaveCount(3);
    await expectAccessible(page);

    // A grid cell's share of the row gives the column count at each width.
    const columns = () =>
      ads
        .locator('li')
        .first()
        .evaluate((cell) => {
          const row = cell.parentElement!.getBoundingClientRect().width;
          return Math.round(row / cell.getBoundingClientRect().width);
        });
    expect(await columns()).toBe(4);
    await page.setViewportSize({ width: 800, height: 900 });
    await expect.poll(columns).toBe(2);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(columns).toBe(1);
  });

  test('a buyer goes from the category list to a category and on to a book', async ({ page, signIn }) => {
    const books = await allBooks();
    // The public lists name the seller but carry no phone or email.
    expect(books.some((listed) => 'sellerEmail' in listed || 'phone' in listed)).toBe(false);
    const book = books[0]!;
    await signIn('buyer');
    const { sellerEmail } = await api<ProductWithContact>(`/api/product/list/${book._id}`, await accessToken(page));
    await page.goto('/category');
    await expect(page.getByRole('heading', { level: 1, name: 'Book Categories' })).toBeVisible();
    await expect(page.getByRole('link', { name: /See Details/ })).toHaveCount(9);
    await expectAccessible(page);

    await page.getByRole('link', { name: `See Details of ${book.category_name}` }).click();
    await expect(page).toHaveURL(`/category/${book.category_id}`);
    await expect(cardTitles(page).filter({ hasText: book.book_name }).first()).toBeVisible();
    await expectAccessible(page);

    await page
      .getByRole('link', { name: `View details of ${book.book_name}` })
      .first()
      .click();
    await expect(page).toHaveURL(`/bookDetails/${book._id}`);
    await expect(page.getByRole('heading', { level: 1, name: book.book_name })).toBeVisible();
    await expect(page.getByText(`by ${book.author_name || 'Unknown'}`)).toBeVisible();
    await expect(page.getByText('Post by:')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Contact Information' })).toContainText(sellerEmail);
    await expectAccessible(page);
  });

  test('the book list searches, pages and resizes, all in the URL', async ({ page }) => {
    const books = await allBooks();
    expect(books.length, 'the demo seed has more than one page of books').toBeGreaterThan(5);

    await page.goto('/booklist');
    await expect(cardTitles(page)).toHaveCount(5);
    // Pages count from 1 for people; the URL's page stays 0-based.
    const pages = Math.ceil(books.length / 5);
    await expect(page.getByText(`Currently Selected Pages: 1 of ${pages}`)).toBeVisible();
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await expect(pager.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(pager.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await expectAccessible(page);

    await pager.getByRole('link', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL('/booklist?page=1');
    await expect(cardTitles(page)).toHaveText(books.slice(5, 10).map((book) => book.book_name));
    await expect(page.getByText(`Currently Selected Pages: 2 of ${pages}`)).toBeVisible();

    await page.getByLabel('Books per page').selectOption('10');
    await expect(page).toHaveURL('/booklist?size=10');
    await expect(cardTitles(page)).toHaveCount(Math.min(10, books.length));
    await page.goBack();
    await expect(page).toHaveURL('/booklist?page=1');
    await expect(cardTitles(page)).toHaveText(books.slice(5, 10).map((book) => book.book_name));

    const wanted = books[books.length - 1]!.book_name;
    await page.getByPlaceholder('What are you looking for?').fill(wanted);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(`/booklist?${new URLSearchParams({ search: wanted })}`);
    await expect(cardTitles(page).filter({ hasText: wanted }).first()).toBeVisible();
    await page.reload();
    await expect(page.getByPlaceholder('What are you looking for?')).toHaveValue(wanted);
    await expect(cardTitles(page).filter({ hasText: wanted }).first()).toBeVisible();

    await page.getByPlaceholder('What are you looking for?').fill('no book is called this');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('NO Product')).toBeVisible();
  });

  test('a buyer books one book and reports another', async ({ page, signIn }) => {
    const run = Date.now().toString(36);
    const [toBook, toReport] = (await listFreshBooks([`Storefront booking ${run}`, `Storefront report ${run}`])) as [
      Product,
      Product,
    ];
    const buyer = await signIn('buyer');

    await page.goto(`/booklist?${new URLSearchParams({ search: toBook.book_name })}`);
    const bookCard = page.getByRole('article').filter({ has: page.getByRole('heading', { name: toBook.book_name }) });
    const bookNow = bookCard.first().getByRole('button', { name: 'Book Now' });
    await bookNow.click();
    const dialog = page.getByRole('dialog', { name: `Book ${toBook.book_name}` });
    // Read-only values are text, not tab stops.
    await expect(dialog).toContainText(toBook.book_name);
    await expect(dialog).toContainText(`$${Number(toBook.resale_price).toFixed(2)}`);
    await expectAccessible(page);
    await dialog.getByLabel('Phone').fill('+1 555 0142');
    await dialog.getByLabel('Meeting location').fill('City library, front desk');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Booked confirmed')).toBeVisible();
    await expect(dialog).toBeHidden();
    // Book Now gave way to the buyer's own booking; its My Orders link takes the focus the button had.
    await expect(bookCard.first().getByText('Booked by you')).toBeVisible();
    await expect(
      bookCard.first().getByRole('link', { name: `My Orders: your booking of ${toBook.book_name}` }),
    ).toBeFocused();

    const token = await accessToken(page);
    const bookings = await api<Booking[]>(`/api/booking/list?email=${encodeURIComponent(buyer.email)}`, token);
    expect(bookings).toContainEqual(
      expect.objectContaining({
        category_id: toBook._id,
        book_name: toBook.book_name,
        buyerEmail: buyer.email,
        phone: '+1 555 0142',
        meetingLocation: 'City library, front desk',
        paid: false,
      }),
    );

    await page.goto(`/bookDetails/${toReport._id}`);
    const report = page.getByRole('button', { name: 'Report' });
    await report.click();
    const reportDialog = page.getByRole('dialog', { name: `Report ${toReport.book_name}` });
    await reportDialog.getByRole('radio', { name: 'False Information' }).check();
    await expectAccessible(page);
    await reportDialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Report successfully')).toBeVisible();
    await expect(reportDialog).toBeHidden();
    // One reporter does not flag a listing (REPORTS_TO_FLAG, default 3); the report is kept.
    expect((await api<Product>(`/api/product/list/${toReport._id}`)).report).toBe('false');
    await report.click();
    await expect(reportDialog.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  test('signed out, Book Now leads to the login screen and back', async ({ page }) => {
    const buyer = DEMO_USERS.find((user) => user.role === 'buyer')!;
    // A book nobody has booked: the demo buyer's own bookings show "Booked by you" instead of the form.
    const [book] = (await listFreshBooks([`Storefront signed out ${Date.now().toString(36)}`])) as [Product];
    const at = `/booklist?${new URLSearchParams({ search: book.book_name })}`;
    await page.goto(at);
    await page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: book.book_name }) })
      .getByRole('link', { name: 'Book Now' })
      .click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(buyer.email);
    await page.getByLabel('Password').fill(buyer.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    // Back where they were, with the booking form open again for the book they chose.
    await expect(page).toHaveURL(at);
    await expect(page.getByRole('dialog', { name: `Book ${book.book_name}` })).toBeVisible();
  });

  test('a seller sees no Book Now on their own listing, but does on another seller’s', async ({ page, signIn }) => {
    const seller = await signIn('seller');
    // The public list tells listings apart by the seller's id, as the storefront does.
    const me = await api<User>(`/api/user/list/${encodeURIComponent(seller.email)}`, await accessToken(page));
    const books = await allBooks();
    const own = books.find((book) => book.sellerId === me._id);
    const other = books.find((book) => book.sellerId !== me._id);
    expect(own && other, 'the demo seed lists books of two sellers').toBeTruthy();

    await page.goto(`/bookDetails/${own!._id}`);
    await expect(page.getByRole('heading', { level: 1, name: own!.book_name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0);
    // Nor Report: nobody reports their own listing.
    await expect(page.getByRole('button', { name: 'Report' })).toHaveCount(0);

    await page.goto(`/bookDetails/${other!._id}`);
    await expect(page.getByRole('heading', { level: 1, name: other!.book_name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Book Now' })).toBeVisible();
  });
});
