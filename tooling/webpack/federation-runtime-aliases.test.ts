import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UNITS } from '@bookswap/shared/releases';

// CommonJS, loaded the way create-config.cjs loads it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { federationRuntimeAliases } = require('./federation-runtime-aliases.cjs') as {
  federationRuntimeAliases(packageDir: string): Record<string, string>;
};

const ROOT = join(__dirname, '..', '..');

describe('one format of the federation runtime in a build', () => {
  it.each(UNITS.map((unit) => unit.folder))(
    "points %s's imports and requires of each runtime package at one existing ES module",
    (name) => {
      const aliases = federationRuntimeAliases(join(ROOT, name));
      expect(Object.keys(aliases)).toEqual(
        expect.arrayContaining(['@module-federation/runtime-core$', '@module-federation/sdk$']),
      );
      for (const file of Object.values(aliases)) {
        expect(file).toMatch(/\.m?js$/);
        expect(file).not.toMatch(/\.cjs$/);
        expect(existsSync(file)).toBe(true);
        // An ES module: it exports with `export`, not through `module.exports`.
        expect(readFileSync(file, 'utf8')).toMatch(/^export /m);
      }
    },
  );
});
