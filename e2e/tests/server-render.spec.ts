import type { Browser, Page } from '@playwright/test';
import type { BookListResponse } from '@bookswap/shared/schemas';
import { expect, test, untilHydrated } from '../support/fixtures';
import { API_URL } from '../support/shared-steps';

// The public pages arrive rendered by the shell's server and the browser hydrates them (docs/decisions/037). Reads
// only the demo data.

const PHONE = {
  viewport: { width: 390, height: 844 },
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
};
const DESKTOP = {
  viewport: { width: 1280, height: 900 },
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
};

async function list(query: string): Promise<BookListResponse> {
  const response = await fetch(`${API_URL}/api/category/list?${query}`);
  expect(response.status, query).toBe(200);
  return (await response.json()) as BookListResponse;
}

/** The page's console errors and warnings, and the element the server drew in #root, kept as the page parses. */
async function watchedPage(browser: Browser, device: typeof PHONE) {
  const context = await browser.newContext(device);
  const page = await context.newPage();
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (['error', 'warning'].includes(message.type())) complaints.push(message.text());
  });
  page.on('pageerror', (error) => complaints.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      // The layout's element: not the style elements before it, which the style cache moves into the head, nor the
      // preload links React writes for the first images.
      (window as unknown as { serverDrawn: Element | null }).serverDrawn = document.querySelector('#root > div');
    });
  });
  return { page, complaints, close: () => context.close() };
}

/** Whether the element the server drew is still the page's after hydration (a mismatch makes React draw anew). */
const keptServerElement = (page: Page) =>
  page.evaluate(() => {
    const drawn = (window as unknown as { serverDrawn: Element | null }).serverDrawn;
    return drawn !== null && drawn === document.querySelector('#root > div');
  });

const PAGES = [
  // Below the banner too: the categories and the advertised books (their section shows only with books in it).
  { path: '/', shows: 'Advertise Product' },
  { path: '/category', shows: 'Nobel' },
  { path: '/category/1', shows: null },
  { path: '/booklist?condition=Good&page=1&size=5', shows: null },
];

for (const [name, device] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`each public page comes rendered and hydrates without a warning at ${name} width`, async ({ browser }) => {
    const second = await list('search=&page=1&size=5&condition=Good');
    const nobel = await list('search=&page=0&size=10&category=1');
    const shown: Record<string, string> = {
      '/category/1': nobel.products[0]!.book_name,
      '/booklist?condition=Good&page=1&size=5': second.products[0]!.book_name,
    };
    const { page, complaints, close } = await watchedPage(browser, device);
    try {
      for (const { path, shows } of PAGES) {
        const text = shows ?? shown[path]!;
        // The HTML as it arrives holds what the visitor sees first.
        const html = await (await page.request.get(path, { headers: { 'user-agent': device.userAgent } })).text();
        expect(html, path).toMatch(/<div id="root"><[a-z]/);
        expect(html, path).toContain(text);
        complaints.length = 0;
        await page.goto(path);
        await expect(page.getByText(text).first()).toBeVisible();
        await untilHydrated(page);
        expect(await keptServerElement(page), path).toBe(true);
        expect(complaints, path).toEqual([]);
      }
      // Hydrated pages answer: the pager of the list moves to the next page in the browser.
      await page.goto('/booklist?condition=Good&size=5');
      await untilHydrated(page);
      await page.getByRole('link', { name: 'Next page' }).click();
      await expect(page).toHaveURL(/page=1/);
      await expect(page.getByText(second.products[0]!.book_name).first()).toBeVisible();
      expect(complaints).toEqual([]);
    } finally {
      await close();
    }
  });
}

test('with scripts off, the list shows its cards, and its search, filters and pages work as a GET form and links', async ({
  browser,
}) => {
  const context = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const all = await list('search=&page=0&size=5');
    await page.goto('/booklist?size=5');
    await expect(page.getByRole('article')).toHaveCount(all.products.length);
    await expect(page.getByRole('heading', { name: all.products[0]!.book_name })).toBeVisible();

    // A filter: checked, then sent by Apply.
    const good = await list('search=&page=0&size=5&condition=Good');
    const filters = page.getByRole('group', { name: 'Filters' });
    await filters.getByRole('checkbox', { name: /^Good/ }).check();
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/[?&]condition=Good/);
    await expect(page.getByRole('heading', { name: good.products[0]!.book_name })).toBeVisible();

    // Its second page, through the pager's link, keeps the filter.
    const second = await list('search=&page=1&size=5&condition=Good');
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/condition=Good/);
    await expect(page).toHaveURL(/page=1/);
    await expect(page.getByRole('heading', { name: second.products[0]!.book_name })).toBeVisible();

    // A search keeps the filter too.
    const title = good.products[0]!.book_name;
    await page.getByRole('searchbox', { name: 'Search books' }).fill(title);
    await page.getByRole('searchbox', { name: 'Search books' }).press('Enter');
    await expect(page).toHaveURL(/condition=Good/);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  } finally {
    await context.close();
  }
});
