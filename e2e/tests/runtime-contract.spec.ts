import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../support/fixtures';
import { ROOT } from '../support/release-drill';
import { shareScopeOf, type SharedVersion } from '../support/share-scope';

// docs/decisions/028: the one instance every part shares is the small runtime contract; the libraries are bundled.

const recorded = JSON.parse(readFileSync(join(ROOT, 'contract', 'public-api.json'), 'utf8')) as {
  version: string;
  runtimeNames: number;
};

const loaded = (versions: SharedVersion[] = []) => versions.filter((version) => version.loaded);

test.describe('the federation share scope holds the runtime contract, one instance, and no library', () => {
  test('on the storefront and on a remote of the dashboard', async ({ page, signIn }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Buy & Sell Second Hand Book!' })).toBeVisible();
    await signIn('seller');
    await page.goto('/dashboard/myproduct');
    await expect(page.getByRole('heading', { name: /^My Product/ })).toBeVisible();

    const scope = await shareScopeOf(page);
    const contractKeys = Object.keys(scope).filter((key) => key.startsWith('@bookswap/contract/'));
    expect(contractKeys.sort()).toEqual([
      '@bookswap/contract/auth',
      '@bookswap/contract/config',
      '@bookswap/contract/routing',
    ]);
    let names = 0;
    for (const key of contractKeys) {
      const versions = loaded(scope[key]);
      // One instance, the shell's, whichever remote asked for it.
      expect(
        versions.map(({ version, singleton }) => ({ version, singleton })),
        key,
      ).toEqual([{ version: recorded.version, singleton: true }]);
      names += versions[0]?.names?.length ?? 0;
    }
    expect(names).toBe(recorded.runtimeNames);
    expect(names).toBeLessThanOrEqual(40);

    // The libraries, the registry and the test kit are no shared module at all.
    expect(Object.keys(scope).filter((key) => key.startsWith('@bookswap/shared'))).toEqual([]);
    // Still one React and one router for the whole page.
    expect(loaded(scope.react)).toHaveLength(1);
    expect(loaded(scope['react-router-dom'])).toHaveLength(1);
  });
});
