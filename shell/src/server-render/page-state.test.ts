import {
  answeredCache,
  pageStateScript,
  readPageState,
  serverRenderMeta,
  serverRenderOf,
  PAGE_STATE_ID,
  type PageState,
} from './page-state';

const STATE: PageState = {
  remotes: [{ name: 'storefront', entry: 'https://books.example/storefront/2.0.0/mf-manifest.json' }],
  cache: [['@"products","book-list",', { products: [{ book_name: 'A </script><script>alert(1)</script> B' }] }]],
  loaderData: { 'remote:storefront:/booklist': null },
  viewportWidth: 390,
};

describe('the state a server-rendered page carries', () => {
  it('is JSON in a data element no title can end, and reads back as it was written', () => {
    const script = pageStateScript(STATE);
    expect(script.startsWith(`<script type="application/json" id="${PAGE_STATE_ID}">`)).toBe(true);
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    document.body.innerHTML = script;
    expect(readPageState(document)).toEqual(STATE);
  });

  it('is null for a page the server did not render, or whose state is not what the shell reads', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(readPageState(document)).toBeNull();
    document.body.innerHTML = `<script type="application/json" id="${PAGE_STATE_ID}">{"remotes":[]}</script>`;
    expect(readPageState(document)).toBeNull();
    document.body.innerHTML = `<script type="application/json" id="${PAGE_STATE_ID}">{not json</script>`;
    expect(readPageState(document)).toBeNull();
  });

  it('tells release health how the server answered: rendered, or sent unrendered after a failed or late render', () => {
    document.head.innerHTML = '';
    document.body.innerHTML = pageStateScript(STATE);
    expect(serverRenderOf(document, readPageState(document))).toBe('rendered');
    document.body.innerHTML = '<div id="root"></div>';
    expect(serverRenderOf(document, readPageState(document))).toBeNull();
    for (const outcome of ['failed', 'over-budget'] as const) {
      document.head.innerHTML = serverRenderMeta(outcome);
      expect(serverRenderOf(document, readPageState(document))).toBe(outcome);
    }
    document.head.innerHTML = '<meta name="bookswap-server-render" content="anything">';
    expect(serverRenderOf(document, null)).toBeNull();
  });

  it('fills a cache whose answers are settled, so the first render shows them and no spinner', () => {
    const cache = answeredCache(STATE.cache);
    expect(cache.get(STATE.cache[0]![0])).toEqual({ data: STATE.cache[0]![1], isLoading: false, isValidating: false });
  });
});
