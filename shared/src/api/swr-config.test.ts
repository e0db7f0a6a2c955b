import { MAX_BACKOFF_MS, retryDelay, swrConfig } from './swr-config';

describe('data fetching settings of product.md §9', () => {
  it('retries three times and keeps results fresh for five minutes', () => {
    expect(swrConfig.errorRetryCount).toBe(3);
    expect(swrConfig.dedupingInterval).toBe(5 * 60 * 1000);
  });

  it('backs off exponentially but never waits more than 30 s', () => {
    expect(retryDelay(1)).toBeLessThan(retryDelay(2));
    expect(retryDelay(10)).toBe(MAX_BACKOFF_MS);
    expect(MAX_BACKOFF_MS).toBe(30_000);
  });
});
