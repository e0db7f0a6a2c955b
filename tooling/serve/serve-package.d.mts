import type { ServedPackage } from './packages.mjs';

export type { ServedPackage } from './packages.mjs';
export { PACKAGES, SHELL_RELEASE_PATH, servedFile, servedFolder } from './packages.mjs';

export interface StaticServer {
  port: number;
  listen(): Promise<void>;
  close(): Promise<void>;
  /** Whether @fastify/under-pressure finds the process over a bound (tooling/serve/load-pressure.mts). */
  underPressure(): boolean;
  /** The shell's server only: its render pool, what it shed, and what its kept pages weigh. */
  renderState?: () => unknown;
}

export declare function servePackage(
  root: string,
  pkg: ServedPackage,
  port?: number,
  env?: Record<string, string | undefined>,
): StaticServer;
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
