import { join } from 'node:path';
import { singletonsInFile } from '../../tooling/product/bundle-parts.mjs';
import type { PackageName } from './fixtures';

const FOLDERS: Record<PackageName, string> = {
  shell: 'shell',
  storefront: 'remote-storefront',
  seller: 'remote-seller',
  admin: 'remote-admin',
  checkout: 'remote-checkout',
};

/** The singleton packages (react, MUI, @bookswap/shared…) whose code a package's served file holds. */
export function singletonsServedIn(name: PackageName, url: string): string[] {
  return singletonsInFile(join(__dirname, '..', '..', FOLDERS[name], 'dist'), new URL(url).pathname.slice(1));
}
