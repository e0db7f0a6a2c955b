import { isPageWithinReach, MAX_LIST_DEPTH, pageCount } from './catalog-rules';

describe('how deep a list may be paged', () => {
  it('counts pages as product.md §9 does, up to the deepest page the server serves', () => {
    expect(pageCount(45, 20)).toBe(3);
    expect(pageCount(0, 5)).toBe(0);
    expect(pageCount(1_000_000, 20)).toBe(MAX_LIST_DEPTH / 20);
  });

  it('offers exactly the pages the server answers', () => {
    const last = pageCount(1_000_000, 15) - 1;
    expect(isPageWithinReach(last, 15)).toBe(true);
    expect(isPageWithinReach(last + 1, 15)).toBe(false);
  });
});
