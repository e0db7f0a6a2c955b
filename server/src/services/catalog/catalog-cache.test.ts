import { CatalogCache } from './catalog-cache';

const always = () => true;
const one = () => 1;

describe('the catalog cache', () => {
  it('gives an answer back only to requests that read the version it was loaded under', async () => {
    const cache = new CatalogCache(100);
    let loads = 0;
    const load = (answer: string) => async () => {
      loads++;
      return answer;
    };
    expect(await cache.through(1, 'shelf', one, load('v1'), always)).toBe('v1');
    expect(await cache.through(1, 'shelf', one, load('unused'), always)).toBe('v1');
    expect(loads).toBe(1);
    // A write bumped the version: the old answer is gone.
    expect(await cache.through(2, 'shelf', one, load('v2'), always)).toBe('v2');
    // A request that read the version before that write loads on its own and keeps nothing.
    expect(await cache.through(1, 'shelf', one, load('late v1'), always)).toBe('late v1');
    expect(await cache.through(2, 'shelf', one, load('unused'), always)).toBe('v2');
    expect(loads).toBe(3);
  });

  it('lets requests arriving while an answer loads share that one load', async () => {
    const cache = new CatalogCache(100);
    let loads = 0;
    let finish: (answer: string) => void = () => undefined;
    const load = () => {
      loads++;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const answers = [1, 2, 3].map(() => cache.through(7, 'search amber', one, load, always));
    finish('page');
    expect(await Promise.all(answers)).toEqual(['page', 'page', 'page']);
    expect(loads).toBe(1);
  });

  it('keeps nothing that its loader refuses, and nothing after a failed load', async () => {
    const cache = new CatalogCache(100);
    await cache.through(
      1,
      'page',
      one,
      async () => 'partial',
      () => false,
    );
    await expect(
      cache.through(1, 'page', one, () => Promise.reject(new Error('database gone')), always),
    ).rejects.toThrow('database gone');
    expect(await cache.through(1, 'page', one, async () => 'whole', always)).toBe('whole');
  });

  it('stays within its weight, the least recently used going first', async () => {
    const cache = new CatalogCache(10);
    const keep = (key: string, weight: number) =>
      cache.through(
        1,
        key,
        () => weight,
        async () => key,
        always,
      );
    await keep('a', 4);
    await keep('b', 4);
    await keep('a', 4); // a is now the most recently used
    await keep('c', 4); // over 10: b goes
    let reloaded = '';
    const ask = (key: string) =>
      cache.through(
        1,
        key,
        one,
        async () => (reloaded += key),
        () => false,
      );
    await ask('a');
    await ask('c');
    await ask('b');
    expect(reloaded).toBe('b');
  });
});
