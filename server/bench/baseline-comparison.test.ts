import type { CaseResult } from './api-case-run';
import { comparisonTable, type ComparedCase } from './baseline-comparison';

const run = (requestsPerSecond: number, p95: number, non2xx = 0): CaseResult => ({
  engine: 'postgres',
  name: 'product detail',
  connections: 10,
  requests: requestsPerSecond * 8,
  requestsPerSecond,
  p50: p95 / 2,
  p95,
  p99: p95 * 2,
  non2xx,
  errors: 0,
});

const rowOf = (compared: ComparedCase) => comparisonTable([compared]).split('\n')[2];

describe('the baseline comparison table', () => {
  it("gives each server's median over the rounds, and the change as the median of the rounds' changes", () => {
    const compared = {
      engine: 'postgres',
      name: 'product detail',
      baseline: [run(5000, 2.0), run(2000, 9.0), run(5200, 2.2)],
      tree: [run(4900, 2.4), run(1900, 2.1), run(5300, 1.5)],
    };
    expect(rowOf(compared)).toBe('| postgres | product detail | 5000 | 4900 | -2 % | 2.2 ms | 2.1 ms |');
  });

  it('lets a slowdown between the two runs of one round move that round alone', () => {
    // Rounds measured on 2026-11-26: the machine slowed after the baseline's third run.
    const compared = {
      engine: 'postgres',
      name: 'search common word, pages 1-50',
      baseline: [797.1, 866.5, 929.8, 499, 495.3].map((rate) => run(rate, 18)),
      tree: [839.3, 993, 568.3, 573.3, 511.8].map((rate) => run(rate, 18)),
    };
    expect(rowOf(compared)).toBe(
      '| postgres | search common word, pages 1-50 | 797.1 | 573.3 | +5.3 % | 18 ms | 18 ms |',
    );
  });

  it('takes the mean of the middle two over an even number of rounds, and signs a gain', () => {
    const compared = {
      engine: 'pglite',
      name: 'ads list',
      baseline: [run(1000, 4), run(1100, 5)],
      tree: [run(1200, 3), run(1300, 4)],
    };
    expect(rowOf(compared)).toBe('| pglite | ads list | 1050 | 1250 | +19.1 % | 4.5 ms | 3.5 ms |');
  });

  it('says when a server answered anything but a 2xx, since the figure then measured something else', () => {
    const compared = {
      engine: 'postgres',
      name: 'product detail',
      baseline: [run(5000, 2)],
      tree: [run(5000, 2, 3)],
    };
    expect(rowOf(compared)).toContain('| product detail (3 failed) |');
  });
});
