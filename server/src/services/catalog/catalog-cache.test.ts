import { bookListQuerySchema, type BookListRequest } from '@bookswap/shared/schemas';
import type { CatalogState } from '../../repositories/catalog-repository';
import { cacheKey, ListCache } from './catalog-cache';
import { bookListPageQuery } from './public-lists';

const at = (version: number, shapeVersion = version): CatalogState => ({ version, shapeVersion, visibleCount: 0 });
const oneEach = { follows: 'version', maxWeight: 100, weigh: () => 1 } as const;

describe('the catalog cache', () => {
  it('gives an answer back only to requests that read the version it was loaded under', async () => {
    const cache = new ListCache<{ list: string }, string>(oneEach);
    let loads = 0;
    const load = (answer: string) => async () => {
      loads++;
      return answer;
    };
    const shelf = { list: 'shelf' };
    expect(await cache.read(at(1), shelf, load('v1'))).toBe('v1');
    expect(await cache.read(at(1), shelf, load('unused'))).toBe('v1');
    expect(loads).toBe(1);
    // A write bumped the version: the old answer is gone.
    expect(await cache.read(at(2), shelf, load('v2'))).toBe('v2');
    // A request that read the version before that write loads on its own and keeps nothing.
    expect(await cache.read(at(1), shelf, load('late v1'))).toBe('late v1');
    expect(await cache.read(at(2), shelf, load('unused'))).toBe('v2');
    expect(loads).toBe(3);
  });

  it('keeps the answers that follow the catalog shape across a sale, and drops them when the shape moves', async () => {
    const byShape = new ListCache<{ page: number }, string>({ ...oneEach, follows: 'shapeVersion' });
    const byVersion = new ListCache<{ page: number }, string>(oneEach);
    const first = { page: 0 };
    await byShape.read(at(1, 1), first, async () => 'ids before');
    await byVersion.read(at(1, 1), first, async () => 'rows before');
    // A sale moves the version only.
    expect(await byShape.read(at(2, 1), first, async () => 'ids after')).toBe('ids before');
    expect(await byVersion.read(at(2, 1), first, async () => 'rows after')).toBe('rows after');
    // A new listing moves both.
    expect(await byShape.read(at(3, 2), first, async () => 'ids after')).toBe('ids after');
  });

  it('lets requests arriving while an answer loads share that one load', async () => {
    const cache = new ListCache<{ term: string }, string>(oneEach);
    let loads = 0;
    let finish: (answer: string) => void = () => undefined;
    const load = () => {
      loads++;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const answers = [1, 2, 3].map(() => cache.read(at(7), { term: 'amber' }, load));
    finish('page');
    expect(await Promise.all(answers)).toEqual(['page', 'page', 'page']);
    expect(loads).toBe(1);
  });

  it('keeps nothing that its loader refuses, and nothing after a failed load', async () => {
    const cache = new ListCache<{ page: number }, string>(oneEach);
    const page = { page: 1 };
    await cache.read(
      at(1),
      page,
      async () => 'partial',
      () => false,
    );
    await expect(cache.read(at(1), page, () => Promise.reject(new Error('database gone')))).rejects.toThrow(
      'database gone',
    );
    expect(await cache.read(at(1), page, async () => 'whole')).toBe('whole');
  });

  it('stays within its weight, the least recently used going first', async () => {
    const cache = new ListCache<{ key: string }, string>({ ...oneEach, maxWeight: 10, weigh: () => 4 });
    const keep = (key: string) => cache.read(at(1), { key }, async () => key);
    await keep('a');
    await keep('b');
    await keep('a'); // a is now the most recently used
    await keep('c'); // over 10: b goes
    let reloaded = '';
    const ask = (key: string) =>
      cache.read(
        at(1),
        { key },
        async () => (reloaded += key),
        () => false,
      );
    await ask('a');
    await ask('c');
    await ask('b');
    expect(reloaded).toBe('b');
  });

  it('gives an answer heavier than the whole cache without keeping it, and keeps the others', async () => {
    const cache = new ListCache<{ key: string }, string>({ ...oneEach, maxWeight: 10, weigh: (value) => value.length });
    let loads = 0;
    const read = (key: string, answer: string) =>
      cache.read(at(1), { key }, async () => {
        loads++;
        return answer;
      });
    await read('small', 'four');
    expect(await read('huge', 'eleven long')).toBe('eleven long');
    expect(await read('huge', 'eleven long')).toBe('eleven long');
    expect(await read('small', 'unused')).toBe('four');
    expect(loads).toBe(3);
  });

  it('keeps a missing listing (null) as an answer', async () => {
    const cache = new ListCache<{ id: string }, string | null>(oneEach);
    let loads = 0;
    const read = () =>
      cache.read(at(1), { id: 'gone' }, async () => {
        loads++;
        return null;
      });
    expect(await read()).toBeNull();
    expect(await read()).toBeNull();
    expect(loads).toBe(1);
  });
});

describe('the key of a list query', () => {
  it('tells apart queries differing in any value, a field left undefined being a field left out', () => {
    expect(cacheKey({ a: 1, minPrice: undefined })).toBe(cacheKey({ a: 1 }));
    expect(cacheKey({ a: 1, b: { c: [2, 3] } })).not.toBe(cacheKey({ a: 1, b: { c: [2, 4] } }));
    expect(cacheKey({ a: [2, 3] })).not.toBe(cacheKey({ a: [3, 2] }));
  });

  // One raw value per field of the book list's query, unlike the default: a field added to the request type
  // does not compile here until it has one, and is then checked like the others.
  const changedField: Record<keyof BookListRequest, Record<string, string | string[]>> = {
    search: { search: 'amber' },
    category: { category: ['2', '5'] },
    condition: { condition: 'Good' },
    minPrice: { minPrice: '5' },
    maxPrice: { maxPrice: '12.50' },
    verified: { verified: '1' },
    seller: { seller: 'seller-1' },
    sort: { sort: 'price_asc' },
    page: { page: '3' },
    size: { size: '20' },
    facets: { facets: '1' },
  };
  const keyOf = (raw: Record<string, string | string[]>) => cacheKey(bookListPageQuery(bookListQuerySchema.parse(raw)));

  it.each(Object.entries(changedField).filter(([field]) => field !== 'facets'))(
    'of a book-list page changes with its %s, so two pages differing in it never share an entry',
    (_field, raw) => {
      expect(keyOf(raw)).not.toBe(keyOf({}));
    },
  );

  it('of a book-list page is the same with or without facets, which are counted beside the page', () => {
    expect(keyOf({ facets: '1', verified: '1' })).toBe(keyOf({ verified: '1' }));
  });

  it('of a book-list page is the same for two spellings of one filter', () => {
    expect(keyOf({ condition: ['Good', 'Fair', 'Good'] })).toBe(keyOf({ condition: ['Fair', 'Good'] }));
  });
});
