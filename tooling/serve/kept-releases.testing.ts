import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACKAGES, servePackage, type StaticServer } from './serve-package.mts';

const SHELL = PACKAGES.find((pkg) => pkg.name === 'shell')!;

/**
 * For the shell server's tests: a releases folder of its own, with releases as `pnpm release build` leaves them (small
 * hand-written files standing in for the builds), a registry to make them live, and shell servers over it. Call
 * `closeServers` after each test and `remove` after all.
 */
export function keptReleases(name: string) {
  const releases = mkdtempSync(join(tmpdir(), `bookswap-${name}-`));
  const servers: StaticServer[] = [];
  return {
    releases,
    /** A release's folder: its files, and release.json naming its server entries (`server`), if any. */
    keepRelease(unit: string, version: string, files: Record<string, string>, server?: object) {
      const folder = join(releases, unit, version);
      for (const [file, text] of Object.entries(files)) {
        mkdirSync(join(folder, file, '..'), { recursive: true });
        writeFileSync(join(folder, file), text);
      }
      const manifest = { remote: unit, version, commit: 'test', builtAt: new Date().toISOString(), contract: {} };
      writeFileSync(
        join(folder, 'release.json'),
        JSON.stringify({ ...manifest, routes: [], ...(server ? { server } : {}) }),
      );
    },
    /** The registry: shell 1.0.0-shell and this storefront live. */
    goLive(storefront: string) {
      const remote = (live: string) => ({ live, canary: null, history: [] });
      writeFileSync(
        join(releases, 'registry.json'),
        JSON.stringify({ remotes: { shell: remote('1.0.0-shell'), storefront: remote(storefront) } }),
      );
    },
    /** The shell's server over these releases on `port`, its API `http://api.test`; its origin. */
    async shellServer(port: number, env: Record<string, string> = {}): Promise<string> {
      const server = servePackage(releases, SHELL, port, {
        BOOKSWAP_RELEASES_DIR: releases,
        BOOKSWAP_API_URL: 'http://api.test',
        ...env,
      });
      servers.push(server);
      await server.listen();
      return `http://127.0.0.1:${port}`;
    },
    closeServers: () => Promise.all(servers.splice(0).map((server) => server.close())),
    remove: () => rmSync(releases, { recursive: true, force: true }),
  };
}
