import type { Page } from '@playwright/test';
import type { BookListResponse } from '@bookswap/shared/schemas';
import { expect, test } from '../support/fixtures';
import { API_URL } from '../support/shared-steps';

// What a crawler or a link preview reads of the public pages (docs/decisions/033). Reads only the demo data.

const ORIGIN = 'http://localhost:3000';

async function list(query: string): Promise<BookListResponse> {
  const response = await fetch(`${API_URL}/api/category/list?${query}`);
  expect(response.status, query).toBe(200);
  return (await response.json()) as BookListResponse;
}

interface ItemList {
  '@type': string;
  numberOfItems: number;
  itemListElement: { position: number; item: { '@type': string; name: string; offers: { priceCurrency: string } } }[];
}

const structuredData = async (page: Page): Promise<ItemList | null> => {
  const text = await page
    .locator('script[type="application/ld+json"]')
    .textContent({ timeout: 1_000 })
    .catch(() => null);
  return text ? (JSON.parse(text) as ItemList) : null;
};

test('a filtered list and a category page name themselves, list their books, and the sitemap names them', async ({
  page,
}) => {
  const good = await list('search=&page=0&size=5&condition=Good');
  await page.goto('/booklist?condition=Good&utm_source=newsletter');
  await expect(page).toHaveTitle('Book List: condition (Good) | Bookswap');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${ORIGIN}/booklist?condition=Good`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    'Book List: condition (Good) | Bookswap',
  );
  await expect.poll(() => structuredData(page)).toMatchObject({ '@type': 'ItemList', numberOfItems: good.count });
  const items = (await structuredData(page))!.itemListElement;
  expect(items.map((entry) => entry.item.name)).toEqual(good.products.map((product) => product.book_name));
  expect(items[0]).toMatchObject({ position: 1, item: { '@type': 'Book', offers: { priceCurrency: 'USD' } } });

  await page.goto('/category/1');
  await expect(page).toHaveTitle('Nobel | Bookswap');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${ORIGIN}/category/1`);
  await expect.poll(async () => (await structuredData(page))?.['@type']).toBe('ItemList');

  const robots = await page.request.get('/robots.txt');
  expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8');
  expect(await robots.text()).toContain('Disallow: /dashboard');
  const sitemap = await page.request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const xml = await sitemap.text();
  for (const path of ['/', '/category', '/booklist', '/category/1', '/category/9'])
    expect(xml).toContain(`<loc>${ORIGIN}${path}</loc>`);
});

test('with scripts off, a filtered list and a category page still name themselves and list their books', async ({
  browser,
}) => {
  // What a link preview or a crawler that runs no script reads: the head the shell's server wrote.
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const good = await list('search=&page=0&size=5&condition=Good&facets=1');
    await page.goto('/booklist?condition=Good&utm_source=newsletter');
    await expect(page).toHaveTitle('Book List: condition (Good) | Bookswap');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      `Second hand books for sale on Bookswap: condition (Good). ${good.count} ${good.count === 1 ? 'book' : 'books'}.`,
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${ORIGIN}/booklist?condition=Good`);
    const items = (await structuredData(page))!.itemListElement;
    expect(items.map((entry) => entry.item.name)).toEqual(good.products.map((product) => product.book_name));

    await page.goto('/category/1');
    await expect(page).toHaveTitle('Nobel | Bookswap');
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${ORIGIN}/category/1`);
  } finally {
    await context.close();
  }
});
