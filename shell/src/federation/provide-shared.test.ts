import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// The list the shell's build hands to takeFirstScreenModules() (take-first-screen.ts); CommonJS, read the way webpack reads it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { FIRST_SCREEN } = require('../../../tooling/webpack/shared-singletons.cjs') as { FIRST_SCREEN: string[] };

const ROOT = join(__dirname, '..', '..', '..');

function sourceText(folder: string): string {
  return readdirSync(folder)
    .map((name) => {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) return sourceText(path);
      return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? readFileSync(path, 'utf8') : '';
    })
    .join('\n');
}

describe('the first screens the shell provides', () => {
  it('imports every MUI component and shared entry of FIRST_SCREEN, so each one is in its build to be taken', () => {
    const shellAndShared = sourceText(join(ROOT, 'shell', 'src')) + sourceText(join(ROOT, 'shared', 'src'));
    const ours = FIRST_SCREEN.filter((key) => key.startsWith('@mui/material/') || key.startsWith('@bookswap/shared/'));
    expect(ours.length).toBeGreaterThan(10);
    expect(ours.filter((key) => !shellAndShared.includes(`'${key}'`))).toEqual([]);
  });
});
