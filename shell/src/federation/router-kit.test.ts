import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { UNITS } from '@bookswap/shared/releases';
import * as routerKit from './router-kit';

const ROOT = join(__dirname, '..', '..', '..');
/** The product code the shell's router kit serves in production: not tests, test kits or development hosts. */
const SOURCE_FOLDERS = ['shared/src', ...UNITS.map((unit) => `${unit.folder}/src`)];
const NOT_PRODUCT = /\.test\.tsx?$|\/testing\/|\/dev-host\//;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !NOT_PRODUCT.test(path) ? [path] : [];
  });
}

/** Every value (not type) the product imports from `react-router-dom`, with the file it is imported in. */
function routerImports(): { name: string; file: string }[] {
  const found: { name: string; file: string }[] = [];
  for (const file of SOURCE_FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)))) {
    const text = readFileSync(file, 'utf8');
    if (text.includes("from '@testing-library/")) continue; // a test helper beside the screens
    for (const [, clause] of text.matchAll(/import\s+\{([^}]+)\}\s+from\s+'react-router-dom'/g)) {
      for (const specifier of clause!.split(',')) {
        const name = specifier.trim().split(/\s+as\s+/)[0]!;
        if (name && !name.startsWith('type ')) found.push({ name, file: relative(ROOT, file) });
      }
    }
  }
  return found;
}

describe("the shell's router kit, provided as react-router-dom", () => {
  it('exports every name the product imports from react-router-dom', () => {
    const imports = routerImports();
    expect(imports.length).toBeGreaterThan(10);
    expect(imports.filter(({ name }) => !(name in routerKit))).toEqual([]);
  });

  it('hands out the real router, not a copy', async () => {
    const real = await import('react-router-dom');
    expect(routerKit.useNavigate).toBe(real.useNavigate);
    expect(routerKit.RouterProvider).toBe(real.RouterProvider);
  });
});
