import type { Unit } from '@bookswap/shared/releases';

export type ServedPackage = Unit;

export declare const PACKAGES: readonly ServedPackage[];
export declare const SHELL_RELEASE_PATH: string;
export declare const SHELL_FILE: RegExp;
export declare function servedFolder(
  root: string,
  pkg: ServedPackage,
  env?: Record<string, string | undefined>,
): string;
export declare function servedFile(pkg: ServedPackage, pathname: string): string;
