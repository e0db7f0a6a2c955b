/**
 * @jest-environment node
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sampleProduct } from '@bookswap/shared/testing';
import { pageHeadCacheTag, renderPageHead } from './page-head-render';

// The storefront's server entry against an API on a loopback port (Node's own fetch, as in the shell's server).

let api: Server;
let apiUrl: string;
const asked: string[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  api = createServer((request, response) => {
    asked.push(request.url ?? '');
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => api.close(resolve)));
beforeEach(() => {
  asked.length = 0;
  answer = { status: 200, body: { products: [sampleProduct({ _id: 'b1', book_name: 'Dune' })], count: 7 } };
});

const render = (path: string, search = '') =>
  renderPageHead({ path, search, origin: 'https://books.example', apiUrl: `${apiUrl}/` });

describe('renderPageHead', () => {
  it('a filtered list’s second page: the call the screen makes, its title, canonical URL and books', async () => {
    const head = await render('/booklist', 'condition=Good&page=1&utm_source=mail');
    expect(asked).toEqual(['/api/category/list?search=&page=1&size=5&condition=Good&facets=1']);
    expect(head!.title).toBe('Book List: condition (Good) · page 2 | Bookswap');
    expect(head!.description).toBe('Second hand books for sale on Bookswap: condition (Good) · page 2. 7 books.');
    expect(head!.tags).toContain(
      '<link rel="canonical" href="https://books.example/booklist?condition=Good&amp;page=1" data-page-head>',
    );
    const jsonLd = /<script type="application\/ld\+json" data-page-head>(.*)<\/script>/.exec(head!.tags)![1]!;
    expect(JSON.parse(jsonLd)).toMatchObject({
      '@type': 'ItemList',
      numberOfItems: 7,
      itemListElement: [{ position: 6, item: { '@type': 'Book', name: 'Dune' } }],
    });
  });

  it('a category’s page is named by its category and lists that category only', async () => {
    const head = await render('/category/2/');
    expect(asked).toEqual(['/api/category/list?search=&page=0&size=5&category=2&facets=1']);
    expect(head!.title).toBe('Poetry | Bookswap');
    expect(head!.tags).toContain('<meta property="og:url" content="https://books.example/category/2" data-page-head>');
  });

  it('the home page and the categories need no call; a page the storefront does not render has no head', async () => {
    expect((await render('/'))!.title).toBe('Home | Bookswap');
    expect((await render('/category'))!.title).toBe('Book Categories | Bookswap');
    expect(await render('/dashboard/myorder')).toBeNull();
    expect(asked).toEqual([]);
  });

  it('escapes what a seller typed, so a title cannot end the element it is in', async () => {
    answer.body = { products: [sampleProduct({ book_name: '</script><b>"Dune"' })], count: 1 };
    const head = await render('/booklist', 'search=%22%3Cb%3E');
    expect(head!.title).toBe('Book List: “&quot;&lt;b&gt;” | Bookswap');
    expect(head!.tags).not.toContain('</script><b>');
    expect(head!.tags).toContain('\\u003c/script>\\u003cb>');
  });

  it('rejects when the API cannot give the list, so the page goes as it is', async () => {
    answer = { status: 503, body: { message: 'down' } };
    await expect(render('/booklist')).rejects.toThrow('the book list answered 503');
  });
});

describe('pageHeadCacheTag', () => {
  it('is the catalog’s version, so the shell’s server renders a head again when the listings change', async () => {
    answer = { status: 200, body: { version: 41 } };
    expect(await pageHeadCacheTag({ apiUrl: `${apiUrl}/` })).toBe('catalog 41');
    answer = { status: 200, body: { version: 42 } };
    expect(await pageHeadCacheTag({ apiUrl })).toBe('catalog 42');
    expect(asked).toEqual(['/api/catalog/version', '/api/catalog/version']);
  });

  it('rejects an answer that is not a version, so no head is kept under a tag that means nothing', async () => {
    answer = { status: 200, body: { version: 'soon' } };
    await expect(pageHeadCacheTag({ apiUrl })).rejects.toThrow();
    answer = { status: 500, body: { message: 'down' } };
    await expect(pageHeadCacheTag({ apiUrl })).rejects.toThrow('the catalog version answered 500');
  });
});
