// What a built JavaScript file is made of, read from its source map: which packages' code it holds.
// The bundle report and the browser tests use it to tell the shared singletons from a package's own code
// (the federation manifest lists only the first chunk of each shared module, not the split-off ones).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The singletons of docs/architecture.md, by npm package; of the workspace's own, the runtime contract only (the libraries of
 * @bookswap/shared are bundled into each package, docs/decisions/028).
 */
export const SINGLETON_PACKAGES: ReadonlySet<string> = new Set([
  'react',
  'react-dom',
  'scheduler',
  'react-router',
  'react-router-dom',
  'swr',
  'react-toastify',
  '@mui/material',
  '@mui/system',
  '@mui/utils',
  '@mui/styled-engine',
  '@mui/private-theming',
  '@emotion/react',
  '@emotion/styled',
  '@emotion/cache',
  '@emotion/serialize',
  '@emotion/sheet',
  '@emotion/utils',
  '@bookswap/contract',
]);

export function packageOfSource(source: string): string | null {
  const index = source.lastIndexOf('node_modules/');
  if (index === -1) {
    if (/\/contract\/src\//.test(source)) return '@bookswap/contract';
    return /\/shared\/src\//.test(source) ? '@bookswap/shared' : null;
  }
  const [scope, name] = source.slice(index + 'node_modules/'.length).split('/');
  return scope?.startsWith('@') ? `${scope}/${name}` : (scope ?? null);
}

/** Characters of original source per package in one emitted file (null: the file's own code). */
export function packagesInFile(distDir: string, file: string): Map<string | null, number> {
  let map: { sources: string[]; sourcesContent?: (string | null)[] };
  try {
    map = JSON.parse(readFileSync(join(distDir, `${file}.map`), 'utf8'));
  } catch {
    return new Map();
  }
  const sizes = new Map<string | null, number>();
  map.sources.forEach((source, index) => {
    const name = packageOfSource(source);
    sizes.set(name, (sizes.get(name) ?? 0) + (map.sourcesContent?.[index]?.length ?? 0));
  });
  return sizes;
}

/** The singleton packages whose code the file carries. */
export function singletonsInFile(distDir: string, file: string): string[] {
  return [...packagesInFile(distDir, file).keys()].filter(
    (name): name is string => name !== null && SINGLETON_PACKAGES.has(name),
  );
}

/** True when most of the file's source is singleton code (a file of the shared vendor chunks). */
export function isMostlySingletons(distDir: string, file: string): boolean {
  let singleton = 0;
  let total = 0;
  for (const [name, size] of packagesInFile(distDir, file)) {
    total += size;
    if (name !== null && SINGLETON_PACKAGES.has(name)) singleton += size;
  }
  return total > 0 && singleton / total >= 0.5;
}
