import { telemetryBatchSchema, vitalBucket, vitalP75, VITAL_BUCKETS, VITAL_BUCKET_BOUNDS } from './telemetry';

/** The storefront release a browser ran, and one page load of it as the shell reports it. */
const release = { remote: 'storefront', version: '0.1.0-aaaaaaaaaa', channel: 'live' };
const load = { kind: 'load', ...release, route: '/', outcome: 'loaded' };

describe('release-health reports', () => {
  it('takes a route pattern, and refuses a URL, a query string, a fragment or an address', () => {
    expect(telemetryBatchSchema.safeParse({ reports: [{ ...load, route: '/book/:id' }] }).success).toBe(true);
    for (const route of ['/book/1?email=a@b.test', 'https://bookswap.test/', '/book/1#x', '/u/a@b.test', 'book'])
      expect(telemetryBatchSchema.safeParse({ reports: [{ ...load, route }] }).success).toBe(false);
  });

  it('gives every vital the same number of buckets, and reads p75 as the bucket reaching three in four', () => {
    for (const bounds of Object.values(VITAL_BUCKET_BOUNDS)) expect(bounds.length + 1).toBe(VITAL_BUCKETS);
    expect(vitalBucket('LCP', 2500)).toBe(4);
    expect(vitalBucket('LCP', 2501)).toBe(5);
    expect(vitalBucket('INP', 99_999)).toBe(10);
    const buckets = new Array<number>(VITAL_BUCKETS).fill(0);
    expect(vitalP75('CLS', buckets)).toBeNull();
    buckets[vitalBucket('CLS', 0.05)] = 3;
    buckets[vitalBucket('CLS', 0.3)] = 1;
    expect(vitalP75('CLS', buckets)).toBe(0.05);
    buckets[10] = 10;
    expect(vitalP75('CLS', buckets)).toBe(1);
  });
});
