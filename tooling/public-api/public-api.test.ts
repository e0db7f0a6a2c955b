/**
 * @jest-environment node
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiChanges, versionShortfall } from './api-version-rule';
import {
  CONTRACT_RUNTIME_NAMES_LIMIT,
  countRuntimeNames,
  describePublicApi,
  packageDir,
  RECORDED_PACKAGES,
  type PublicApi,
} from './describe-public-api';

const readJson = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;

describe.each(RECORDED_PACKAGES)("@bookswap/%s's version is its contract", (name) => {
  it('the public API is as recorded for this version (after a change: move the version, then pnpm shared:api)', () => {
    const recorded = readJson<{ version: string; runtimeNames: number; api: PublicApi }>(
      join(packageDir(name), 'public-api.json'),
    );
    const { version } = readJson<{ version: string }>(join(packageDir(name), 'package.json'));
    const { api, runtimeNames } = describePublicApi(name);
    const changes = apiChanges(recorded.api, api);
    const shortfall = versionShortfall(recorded.version, version, changes);
    expect({ shortfall, ...changes, version, runtimeNames: countRuntimeNames(runtimeNames) }).toEqual({
      shortfall: null,
      removed: [],
      changed: [],
      added: [],
      version: recorded.version,
      runtimeNames: recorded.runtimeNames,
    });
  }, 60_000);
});

describe('the runtime contract stays small (docs/decisions/028)', () => {
  it(`exports at most ${CONTRACT_RUNTIME_NAMES_LIMIT} names at run time, and none of the libraries' or the registry's`, () => {
    const { runtimeNames } = describePublicApi('contract');
    expect(countRuntimeNames(runtimeNames)).toBeLessThanOrEqual(CONTRACT_RUNTIME_NAMES_LIMIT);
    const all = Object.values(runtimeNames).flat();
    for (const library of ['apiRequest', 'DataTable', 'productSchema', 'promoteLive', 'rollBack', 'fakeApiForEachTest'])
      expect(all).not.toContain(library);
    // The state every part must see as one is there.
    expect(all).toEqual(
      expect.arrayContaining(['AuthContext', 'useAuth', 'getRuntimeConfig', 'setUnauthorizedHandler']),
    );
  }, 60_000);

  it('type-only exports are not counted as names at run time', () => {
    const { api, runtimeNames } = describePublicApi('contract');
    expect(api['./auth']).toHaveProperty('SessionState');
    expect(runtimeNames['./auth']).not.toContain('SessionState');
    expect(runtimeNames['./auth']).toContain('createSessionStore');
  }, 60_000);
});

describe('which version a change needs', () => {
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
