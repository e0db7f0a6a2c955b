// The packages the product serves, their ports (docs/architecture.md "Ports") and where their files are: for the
// scripts and tests that build, list or read them without starting a server.
import { join } from 'node:path';
import { UNITS, type Unit } from '@bookswap/shared/releases';
import * as releaseStore from '../release/release-store.mts';
import type { Env } from '../release/release-store.mts';

export type ServedPackage = Unit;

export const PACKAGES: readonly ServedPackage[] = UNITS;

/** The path under which the shell's server serves each kept shell release's files (docs/decisions/029). */
export const SHELL_RELEASE_PATH = '/_shell/';
export const SHELL_FILE = /^\/_shell\/([\w.+-]+)(\/.*)$/;

/**
 * The folder a package's origin serves: every kept release of it, each under its version (a remote's as
 * `/<version>/mf-manifest.json`, the shell's as `/_shell/<version>/…`), so a tab that started on a release keeps
 * finding its files.
 */
export function servedFolder(root: string, pkg: ServedPackage, env: Env = process.env): string {
  return join(
    releaseStore.releasesDir({ ...env, BOOKSWAP_RELEASES_DIR: env.BOOKSWAP_RELEASES_DIR ?? join(root, 'releases') }),
    pkg.name,
  );
}

/** The file under `servedFolder` that answers a path of a package's origin (the shell's releases sit under `/_shell/`). */
export function servedFile(pkg: ServedPackage, pathname: string): string {
  const path = pkg.name === 'shell' ? pathname.replace(SHELL_FILE, '/$1$2') : pathname;
  return path.slice(1);
}
