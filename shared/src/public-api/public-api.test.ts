/**
 * @jest-environment node
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiChanges, versionShortfall } from './api-version-rule';
import { describePublicApi, type PublicApi } from './describe-public-api';

const SHARED_DIR = join(__dirname, '..', '..');
const recorded = JSON.parse(readFileSync(join(SHARED_DIR, 'public-api.json'), 'utf8')) as {
  version: string;
  api: PublicApi;
};
const { version } = JSON.parse(readFileSync(join(SHARED_DIR, 'package.json'), 'utf8')) as { version: string };

describe("@bookswap/shared's version is its contract", () => {
  it('the public API is as recorded for this version (after a change: move the version, then pnpm shared:api)', () => {
    const changes = apiChanges(recorded.api, describePublicApi());
    const shortfall = versionShortfall(recorded.version, version, changes);
    expect({ shortfall, ...changes, version }).toEqual({
      shortfall: null,
      removed: [],
      changed: [],
      added: [],
      version: recorded.version,
    });
  }, 60_000);

  it('a removed or retyped name needs a new major, an added one a new minor', () => {
    const before: PublicApi = { './api': { getProducts: '() => Promise<Product[]>', getUser: '() => User' } };
    const retyped: PublicApi = {
      './api': { getProducts: '(page: number) => Promise<Product[]>', getUser: '() => User' },
    };
    const removed: PublicApi = { './api': { getProducts: '() => Promise<Product[]>' } };
    const added: PublicApi = { './api': { ...before['./api'], getBookings: '() => Promise<Booking[]>' } };
    expect(versionShortfall('1.2.0', '1.3.0', apiChanges(before, retyped))).toMatch(/needs version 2\.0\.0/);
    expect(versionShortfall('1.2.0', '1.2.0', apiChanges(before, removed))).toMatch(/getUser/);
    expect(versionShortfall('1.2.0', '2.0.0', apiChanges(before, removed))).toBeNull();
    expect(versionShortfall('1.2.0', '1.2.1', apiChanges(before, added))).toMatch(/needs version 1\.3\.0/);
    expect(versionShortfall('1.2.0', '1.3.0', apiChanges(before, added))).toBeNull();
    expect(versionShortfall('1.2.0', '1.2.0', apiChanges(before, before))).toBeNull();
  });
});
