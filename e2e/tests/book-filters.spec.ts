import type { Page } from '@playwright/test';
import type { BookListResponse, Product } from '@bookswap/shared/schemas';
import { expect, test } from '../support/fixtures';
import { API_URL, expectAccessible } from '../support/shared-steps';

// The book list's filters and order live in the URL. Reads only the demo data; lists nothing.

async function list(query: string): Promise<BookListResponse> {
  const response = await fetch(`${API_URL}/api/category/list?${query}`);
  expect(response.status, query).toBe(200);
  return (await response.json()) as BookListResponse;
}

const cardTitles = (page: Page) => page.getByRole('article').getByRole('heading');
const filters = (page: Page) => page.getByRole('group', { name: 'Filters' });

/** A category and condition of the demo data with at least two books, so the filtered list is not empty. */
async function aFilledChoice(): Promise<{ category: string; condition: string; books: Product[] }> {
  const all = await list('search=&page=0&size=20&facets=1');
  const book = all.products.find(
    (p) =>
      all.products.filter((q) => q.category_id === p.category_id && q.book_condition === p.book_condition).length > 1,
  );
  expect(book, 'the demo data has two books of one category and condition').toBeDefined();
  return { category: book!.category_id, condition: book!.book_condition, books: all.products };
}

test.describe('the book list’s filters', () => {
  test('a shared URL with filters opens the same list, every card matching them', async ({ page }) => {
    const { category, condition } = await aFilledChoice();
    const query = `category=${category}&condition=${condition}&maxPrice=1000&sort=price_asc`;
    const expected = await list(`search=&page=0&size=20&${query}`);
    expect(expected.count).toBeGreaterThan(1);

    await page.goto(`/booklist?${query}&size=20`);
    await expect(page.getByText(`${expected.count} books`, { exact: true })).toBeVisible();
    await expect(cardTitles(page)).toHaveText(expected.products.map((p) => p.book_name));
    for (const product of expected.products) {
      expect(product.category_id).toBe(category);
      expect(product.book_condition).toBe(condition);
      expect(Number(product.resale_price)).toBeLessThanOrEqual(1000);
    }
    const prices = expected.products.map((p) => Number(p.resale_price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // What each card says agrees: every card shows the condition asked for.
    for (const card of await page.getByRole('article').all())
      await expect(card.getByText(`Condition: ${condition}`)).toBeVisible();
    await expect(filters(page).getByRole('checkbox', { name: new RegExp(`^${condition} \\(`) })).toBeChecked();
    await expect(filters(page).getByRole('textbox', { name: 'Highest price' })).toHaveValue('1000');
    await expect(filters(page).getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_asc');
    await expectAccessible(page);
  });

  test('Back restores the previous filters and their list', async ({ page }) => {
    const { condition } = await aFilledChoice();
    await page.goto('/booklist?size=20');
    await expect(cardTitles(page).first()).toBeVisible();

    // The boxes show the URL, which a click changes a moment later: click, then expect (check() wants it at once).
    const conditionBox = filters(page).getByRole('checkbox', { name: new RegExp(`^${condition} \\(`) });
    await conditionBox.click();
    await expect(conditionBox).toBeChecked();
    await expect(page).toHaveURL(`/booklist?condition=${condition}&size=20`);
    const withCondition = await list(`search=&page=0&size=20&condition=${condition}`);
    await expect(cardTitles(page)).toHaveText(withCondition.products.map((p) => p.book_name));

    await filters(page).getByRole('checkbox', { name: 'Verified sellers only' }).click();
    await expect(page).toHaveURL(`/booklist?condition=${condition}&verified=1&size=20`);
    const verified = await list(`search=&page=0&size=20&condition=${condition}&verified=1`);
    await expect(page.getByText(new RegExp(`^${verified.count} books?$`))).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(`/booklist?condition=${condition}&size=20`);
    await expect(filters(page).getByRole('checkbox', { name: 'Verified sellers only' })).not.toBeChecked();
    await expect(filters(page).getByRole('checkbox', { name: new RegExp(`^${condition} \\(`) })).toBeChecked();
    await expect(cardTitles(page)).toHaveText(withCondition.products.map((p) => p.book_name));

    await filters(page).getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL('/booklist?size=20');
  });

  test('on the category page, the category is the path’s and the other filters work the same', async ({ page }) => {
    const { category, condition } = await aFilledChoice();
    const expected = await list(`search=&page=0&size=20&category=${category}&condition=${condition}`);
    await page.goto(`/category/${category}?condition=${condition}&size=20`);
    await expect(cardTitles(page)).toHaveText(expected.products.map((p) => p.book_name));
    await expect(filters(page).getByRole('group', { name: 'Category' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('at phone width the filters fold behind a Filters button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/booklist');
    const toggle = page.getByRole('button', { name: 'Filters', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(filters(page)).toBeHidden();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(filters(page).getByRole('checkbox', { name: 'Verified sellers only' })).toBeVisible();
    await expectAccessible(page);
  });
});
