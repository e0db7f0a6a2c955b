import { join } from 'node:path';
import { singletonsInFile } from '../../tooling/product/bundle-parts.mts';
import { PACKAGES, servedFile, servedFolder } from '../../tooling/serve/packages.mts';
import type { PackageName } from './fixtures';

/** The singleton packages (react, MUI, @bookswap/shared…) whose code a package's served file holds. */
export function singletonsServedIn(name: PackageName, url: string): string[] {
  const pkg = PACKAGES.find((candidate) => candidate.name === name);
  if (!pkg) throw new Error(`unknown package ${name}`);
  return singletonsInFile(servedFolder(join(__dirname, '..', '..'), pkg), servedFile(pkg, new URL(url).pathname));
}
