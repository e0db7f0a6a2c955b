export interface ServedPackage {
  name: 'shell' | 'storefront' | 'seller' | 'admin' | 'checkout';
  folder: string;
  port: number;
}

export interface StaticServer {
  port: number;
  listen(): Promise<void>;
  close(): Promise<void>;
  /** The shell's server only: its render pool, what it shed, and what its kept pages weigh. */
  renderState?: () => unknown;
}

export declare const PACKAGES: readonly ServedPackage[];
export declare function servePackage(
  root: string,
  pkg: ServedPackage,
  port?: number,
  env?: Record<string, string | undefined>,
): StaticServer;
export declare const SHELL_RELEASE_PATH: string;
export declare const SHELL_RELEASE_META: string;
export declare function serveShellBuild(
  dist: string,
  port: number,
  env?: Record<string, string | undefined>,
): StaticServer;
export declare function serveShell(
  releases: string,
  port: number,
  env?: Record<string, string | undefined>,
): StaticServer;
export declare function servedFile(pkg: ServedPackage, pathname: string): string;
export declare function servedFolder(
  root: string,
  pkg: ServedPackage,
  env?: Record<string, string | undefined>,
): string;
