import type { Browser, Page } from '@playwright/test';
import { DEMO_USERS } from '@bookswap/shared/demo-users';
import { expect, signInAsDemo, test, untilHydrated } from '../support/fixtures';
import { listFreshBook, unique } from '../support/marketplace-steps';

// What the shell's server painted works before the page's scripts do (docs/decisions/068): Book Now is tapped the
// moment it shows, before hydration or while the session and the modal's code load, and is never lost.

const buyer = DEMO_USERS.find((user) => user.role === 'buyer')!;

/**
 * A page of its own context: the fixture's page waits for hydration after each load, and these tests must not.
 * At `cpu` 4 the page runs as on Lighthouse's mobile profile (4x slower).
 */
async function pageAt(browser: Browser, cpu: 1 | 4, signedIn: boolean): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  if (signedIn) await signInAsDemo(page, 'buyer');
  if (cpu > 1) await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpu });
  return page;
}

/**
 * The book's card on the list searched for it, loaded only until the document starts to arrive (or, `hydrated`,
 * until React has taken the page over: the session and the modal's code are then still loading).
 */
async function tapBookNowOnceShown(page: Page, bookName: string, hydrated = false) {
  await page.goto(`/booklist?${new URLSearchParams({ search: bookName })}`, {
    waitUntil: hydrated ? 'load' : 'commit',
  });
  if (hydrated) await untilHydrated(page);
  const card = page.getByRole('article', { name: bookName });
  // Link or button, whichever is painted: one tap, as soon as it can take one.
  await card.getByText('Book Now', { exact: true }).click();
}

for (const cpu of [1, 4] as const) {
  const pace = cpu === 1 ? '' : ` at ${cpu}x CPU`;

  test(`a visitor’s first tap on Book Now, the moment it is painted${pace}, signs in and opens the form`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const book = await listFreshBook(`Painted visitor ${unique('book')}`, 'storefront');
    const page = await pageAt(browser, cpu, false);
    try {
      await tapBookNowOnceShown(page, book.book_name);
      await expect(page).toHaveURL(/\/login(\?|$)/);
      await expect(page.getByText('Sign in to book this book')).toBeVisible();
      await page.getByLabel('Email').fill(buyer.email);
      await page.getByLabel('Password').fill(buyer.password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      // Back on the list, the form open for the book tapped, and the resume parameters gone.
      await expect(page.getByRole('dialog', { name: `Book ${book.book_name}` })).toBeVisible({ timeout: 30_000 });
      await expect(page).toHaveURL(`/booklist?${new URLSearchParams({ search: book.book_name })}`);
      await expect(page.getByRole('dialog')).toHaveCount(1);
    } finally {
      await page.context().close();
    }
  });

  for (const [when, hydrated] of [
    ['the moment it is painted', false],
    ['the moment the page hydrates', true],
  ] as const)
    test(`a signed-in buyer’s first tap on Book Now, ${when}${pace}, opens the form once`, async ({ browser }) => {
      test.setTimeout(120_000);
      const book = await listFreshBook(`Painted buyer ${unique('book')}`, 'storefront');
      const page = await pageAt(browser, cpu, true);
      try {
        await tapBookNowOnceShown(page, book.book_name, hydrated);
        const dialog = page.getByRole('dialog', { name: `Book ${book.book_name}` });
        await expect(dialog).toBeVisible({ timeout: 30_000 });
        await expect(dialog).toContainText(book.book_name);
        await expect(page).toHaveURL(`/booklist?${new URLSearchParams({ search: book.book_name })}`);
        // Once: a tap kept while the page loaded must not open a second form, nor the same one again after Cancel.
        await expect(page.getByRole('dialog')).toHaveCount(1);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await expect(dialog).toBeHidden();
        await page.waitForTimeout(1_000);
        await expect(page.getByRole('dialog')).toHaveCount(0);
      } finally {
        await page.context().close();
      }
    });
}

test('with scripts off, a visitor’s Book Now, Report and eye are links to sign in that keep the page', async ({
  browser,
}) => {
  const book = await listFreshBook(`Painted links ${unique('book')}`, 'storefront');
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    const list = `/booklist?${new URLSearchParams({ search: book.book_name })}`;
    await page.goto(list);
    const card = page.getByRole('article', { name: book.book_name });
    const signIn = async (name: string) => {
      const url = new URL((await card.getByRole('link', { name }).getAttribute('href'))!, 'http://localhost');
      return { path: url.pathname, ...Object.fromEntries(url.searchParams) };
    };
    const back = (reason: string) => `${list}&${new URLSearchParams({ resumeId: book._id, resume: reason })}`;
    expect(await signIn('Book Now')).toEqual({ path: '/login', from: back('book'), reason: 'book' });
    expect(await signIn('Report')).toEqual({ path: '/login', from: back('report'), reason: 'report' });
    expect(await signIn(`View details of ${book.book_name}`)).toEqual({
      path: '/login',
      from: `/bookDetails/${book._id}`,
      page: 'details',
    });
  } finally {
    await context.close();
  }
});
