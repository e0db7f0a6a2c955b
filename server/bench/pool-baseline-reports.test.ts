import type { CaseResult } from './api-case-run';
import type { ComparedCase } from './baseline-comparison';
import { poolRounds } from './pool-baseline-reports';

const run = (requestsPerSecond: number): CaseResult => ({
  engine: 'postgres',
  name: 'ads list',
  connections: 10,
  requests: requestsPerSecond * 8,
  requestsPerSecond,
  p50: 1,
  p95: 2,
  p99: 3,
  non2xx: 0,
  errors: 0,
});

const adsList = (baseline: number[], tree: number[]): ComparedCase => ({
  engine: 'postgres',
  name: 'ads list',
  baseline: baseline.map(run),
  tree: tree.map(run),
});

const report = (baselineCommit: string | undefined, results: ComparedCase[]) => ({
  settings: { baselineCommit },
  results,
});

describe('pooling baseline runs', () => {
  it("puts every run's rounds of a case together, each round still beside its pair", () => {
    const pooled = poolRounds([
      report('20b1b0b', [adsList([100, 200], [110, 190])]),
      report('20b1b0b', [adsList([300], [330])]),
    ]);
    expect(pooled).toHaveLength(1);
    expect(pooled[0]!.baseline.map((r) => r.requestsPerSecond)).toEqual([100, 200, 300]);
    expect(pooled[0]!.tree.map((r) => r.requestsPerSecond)).toEqual([110, 190, 330]);
  });

  it('refuses runs against different baselines, whose changes measure different things', () => {
    const runs = [report('20b1b0b', [adsList([100], [100])]), report('568c832', [adsList([100], [100])])];
    expect(() => poolRounds(runs)).toThrow('one baseline commit');
  });

  it('refuses a report of a plain run, which has no baseline', () => {
    expect(() => poolRounds([report(undefined, [])])).toThrow('one baseline commit');
  });
});
