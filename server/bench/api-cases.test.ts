import { apiCases } from './api-cases';

const ids = ['000000000000000000000001', '000000000000000000000002'];

describe("bench:api's cases", () => {
  it('are all measured unless BENCH_CASE names some', () => {
    expect(apiCases(ids).map(([name]) => name)).toHaveLength(11);
  });

  it("keep only the cases whose name contains BENCH_CASE's text", () => {
    expect(apiCases(ids, 'search common word').map(([name]) => name)).toEqual([
      'search common word, page 0',
      'search common word, pages 1-50',
    ]);
  });

  it('ask the detail page for each listing id they are given', () => {
    const [, paths] = apiCases(ids, 'product detail')[0]!;
    expect(paths).toEqual(ids.map((id) => `/api/product/list/${id}`));
  });
});
