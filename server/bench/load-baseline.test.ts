import { loadComparison, loadComparisonTable, type LoadRound, type LoadRun } from './load-baseline';

const run = (requestsPerSecond: number, bookP50 = 150, bookP95 = 250): LoadRun => ({
  requestsPerSecond,
  steps: [
    { step: 'book list', p50: 50, p95: 100, errors: 0 },
    { step: 'book', p50: bookP50, p95: bookP95, errors: 0 },
  ],
});

// Four rounds measured on 2026-11-29 (40 s each): 20b1b0b, then this tree, back to back.
const measured: LoadRound[] = [
  [2006.3, 1764.1, 140.2, 190.1],
  [2290.8, 2092.2, 130.9, 163.8],
  [2630.6, 2196.2, 117.4, 157.7],
  [1985.9, 2073.6, 148.2, 163.8],
].map(([baseline, tree, baselineBook, treeBook]) => ({
  baselineFirst: true,
  baseline: run(baseline!, baselineBook),
  tree: run(tree!, treeBook),
}));

describe('bench:load against a baseline', () => {
  it("takes the change per round, and gives the median of the rounds' changes and the change of their sums", () => {
    const comparison = loadComparison(measured);
    expect(comparison.changes.map((change) => Math.round(change * 1000) / 10)).toEqual([-12.1, -8.7, -16.5, 4.4]);
    expect(comparison.medianChange).toBeCloseTo(-0.1037, 3);
    expect(comparison.sumChange).toBeCloseTo(-0.0884, 3);
  });

  it('lets a machine that slows down in one round move that round alone', () => {
    const steady = [1, 2, 3].map(() => ({ baselineFirst: true, baseline: run(2000), tree: run(1900) }));
    const slowRound = { baselineFirst: false, baseline: run(1000), tree: run(950) };
    expect(loadComparison([...steady, slowRound]).medianChange).toBeCloseTo(-0.05, 6);
  });

  it("gives each step's median p50 and p95 on each side", () => {
    expect(loadComparison(measured).steps).toEqual([
      { step: 'book list', baseline: { p50: 50, p95: 100 }, tree: { p50: 50, p95: 100 } },
      { step: 'book', baseline: { p50: 135.55, p95: 250 }, tree: { p50: 163.8, p95: 250 } },
    ]);
  });

  it('prints the rounds, who went first, the steps and both summary figures', () => {
    const table = loadComparisonTable(measured).split('\n');
    expect(table).toContain('| 1 | baseline | 2006.3 | 1764.1 | -12.1 % |');
    expect(table).toContain('| 4 | baseline | 1985.9 | 2073.6 | +4.4 % |');
    const treeFirst = { baselineFirst: false, baseline: run(1000), tree: run(1100) };
    expect(loadComparisonTable([treeFirst]).split('\n')).toContain('| 1 | this tree | 1000 | 1100 | +10 % |');
    expect(table).toContain('| book | 135.6 ms | 163.8 ms | 250 ms | 250 ms |');
    expect(table.at(-1)).toBe(
      "requests a second, this tree against the baseline: -10.4 % (median of the rounds' changes), -8.8 % (the rounds' sums)",
    );
  });
});
