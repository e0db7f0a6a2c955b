import type { Locator, Page } from '@playwright/test';
import { DEMO_USERS } from '@bookswap/shared/demo-users';
import { expect, test } from '../support/fixtures';
import { listFreshBook, unique } from '../support/marketplace-steps';
import { expectAccessible } from '../support/shared-steps';

// The storefront's part of what a newcomer tripped over, checked where layout is real.

const boxOf = async (locator: Locator) => (await locator.boundingBox())!;

/** How far the page scrolls sideways. */
const sideways = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

test.describe('at a phone’s width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the book list counts pages from 1, with Previous and Next in one row that fits', async ({ page }) => {
    await page.goto('/booklist');
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await expect(pager.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(/^Currently Selected Pages: 1 of \d+$/)).toBeVisible();
    await expect(pager.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    // From the keyboard: the focus lands on the results heading, not on the document.
    await pager.getByRole('link', { name: 'Next page' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/booklist?page=1');
    await expect(pager.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 2, name: /^[\d,]+ books?$/ })).toBeFocused();

    // Its pages and Previous and Next: links, or buttons where disabled.
    const controls = await pager.locator('a, button').all();
    expect(controls.length).toBeGreaterThan(2);
    const middles = await Promise.all(
      controls.map(async (control) => {
        const box = await boxOf(control);
        return Math.round(box.y + box.height / 2);
      }),
    );
    expect(new Set(middles).size, 'the pager is one row').toBe(1);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});

test('in the 4-column advertise grid every card’s Book Now and Report keep one line inside the card', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/');
  const cards = page.getByRole('region', { name: 'Advertise Product' }).getByRole('article');
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) {
    const frame = await boxOf(card);
    // A visitor's: links to sign in.
    const report = await boxOf(card.getByRole('link', { name: 'Report' }));
    const bookNow = card.getByRole('link', { name: 'Book Now' });
    const placed = [report, ...((await bookNow.count()) > 0 ? [await boxOf(bookNow)] : [])];
    for (const button of placed) {
      // One line of text in a small button is about 30 px; a wrapped label would double it.
      expect(button.height).toBeLessThan(40);
      expect(button.x).toBeGreaterThanOrEqual(frame.x);
      expect(button.x + button.width).toBeLessThanOrEqual(frame.x + frame.width);
    }
    if (placed.length === 2)
      expect(report.y, 'Report sits in its own row below Book Now').toBeGreaterThan(placed[1]!.y);
  }
});

test('a visitor’s Report sends them to sign in and opens the report form for that book when they are back', async ({
  page,
}) => {
  const buyer = DEMO_USERS.find((user) => user.role === 'buyer')!;
  // A book of its own: the list's first card may be sold by a test running beside this one, and leave the list.
  const { book_name: title } = await listFreshBook(unique('Report me'), 'storefront-newcomer');
  const list = `/booklist?${new URLSearchParams({ search: title })}`;
  await page.goto(list);
  const card = page.getByRole('article', { name: title });
  await card.getByRole('link', { name: 'Report', exact: true }).click();

  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(buyer.email);
  await page.getByLabel('Password').fill(buyer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: `Report ${title}` });
  await expect(dialog).toBeVisible();
  // The action is done with: the URL is the list's again, without the resume parameters.
  await expect(page).toHaveURL(list);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
