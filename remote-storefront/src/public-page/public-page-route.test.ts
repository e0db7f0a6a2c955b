import { serverPageRenderContext, type RenderedPageHead, type ServerPageRender } from '@bookswap/shared/api';
import { fakeApiForEachTest, sampleProduct } from '@bookswap/shared/testing';
import { bookListRoute } from '../book-list/book-list-route';
import { categoriesRoute } from '../categories/categories-route';
import { categoryProductsRoute } from '../category-products/category-products-route';
import { runRouteLoader } from './run-route-loader.testing';

/** A server render as the shell's makes one: the answers by key, and the head the loader hands over. */
function serverRender() {
  const answers: [unknown, unknown][] = [];
  const heads: RenderedPageHead[] = [];
  const render: ServerPageRender = {
    origin: 'https://books.example',
    async answer(read) {
      const data = await read.fetch();
      answers.push([read.key, data]);
      return data;
    },
    head: (head) => void heads.push(head),
  };
  return { answers, heads, context: serverPageRenderContext(render) };
}

describe("a public page's one loader", () => {
  const api = fakeApiForEachTest();

  it('in the browser, starts the list the screen reads and lets the navigation go on at once', async () => {
    api.on('GET', '/api/category/list', { body: { products: [], count: 0 } });
    await expect(runRouteLoader(bookListRoute, '/booklist?search=dune')).resolves.toBeNull();
    const [call] = api.callsTo('GET', '/api/category/list');
    expect(new URL(call!.url).searchParams.get('search')).toBe('dune');
  });

  it('on the server, waits for the answers, keeps them by key and gives the head made from them', async () => {
    api.on('GET', '/api/category/list', { body: { products: [sampleProduct({ book_name: 'Dune' })], count: 1 } });
    const render = serverRender();
    await runRouteLoader(bookListRoute, '/booklist?search=dune', { context: render.context });
    expect(render.answers).toHaveLength(1);
    expect(render.answers[0]![1]).toMatchObject({ count: 1 });
    expect(render.heads).toHaveLength(1);
    expect(render.heads[0]!.title).toContain('Book List');
    expect(render.heads[0]!.tags).toContain('<link rel="canonical" href="https://books.example/booklist?search=dune"');
  });

  it("reads the categories from the release's own file on the server, with no request", async () => {
    const render = serverRender();
    await import('../server-entry/page-render');
    await runRouteLoader(categoriesRoute, '/category', { context: render.context });
    expect(render.answers[0]![0]).toBe('storefront/categories.json');
    expect(render.answers[0]![1]).toEqual(expect.arrayContaining([expect.objectContaining({ category_id: '1' })]));
    expect(render.heads[0]!.title).toBe('Book Categories | Bookswap');
  });

  it('answers 404 for a category that does not exist, asking nothing', async () => {
    const render = serverRender();
    const loading = runRouteLoader(categoryProductsRoute, '/category/999', {
      params: { category_id: '999' },
      context: render.context,
    });
    await expect(loading).rejects.toMatchObject({ status: 404 });
    expect(api.callsTo('GET', '/api/category/list')).toHaveLength(0);
    expect(render.heads).toHaveLength(0);
  });
});
