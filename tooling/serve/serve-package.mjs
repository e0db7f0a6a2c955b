// Which folder is served on which port and how (ARCHITECTURE.md's ports).
import { join } from 'node:path';
import { createStaticServer } from './static-server.mjs';
import { configJson, remotesJson } from './shell-runtime-files.mjs';
import releaseStore from '../release/release-store.cjs';
import { COMMON_HEADERS, REMOTE_HEADERS, shellPageHeaders } from './security-headers.mjs';

export const PACKAGES = [
  { name: 'shell', folder: 'shell', port: 3000 },
  { name: 'storefront', folder: 'remote-storefront', port: 3001 },
  { name: 'seller', folder: 'remote-seller', port: 3002 },
  { name: 'admin', folder: 'remote-admin', port: 3003 },
  { name: 'checkout', folder: 'remote-checkout', port: 3004 },
];

/** A shell build's page: every path answers index.html, and config.json and remotes.json come from `env`. */
export function serveShell(dist, port, env = process.env) {
  return createStaticServer({
    root: dist,
    port,
    spa: true,
    // The page's Content-Security-Policy names this deployment's API, remotes and providers.
    headers: (file) =>
      file.endsWith('.html')
        ? shellPageHeaders({
            config: configJson(dist, env),
            remotes: remotesJson(dist, env).body,
            indexFile: file,
            env,
          })
        : // The shell's own scripts: the page's policy covers what they do.
          COMMON_HEADERS,
    generated: {
      '/config.json': () => ({ body: configJson(dist, env) }),
      '/remotes.json': (request) => remotesJson(dist, env, request.headers.cookie),
    },
  });
}

/**
 * The folder a package's origin serves: the shell's build, or for a remote every kept release of it, each under
 * its version (`/<version>/mf-manifest.json`), so a tab that started on a release keeps finding its files.
 */
export function servedFolder(root, pkg, env = process.env) {
  if (pkg.name === 'shell') return join(root, pkg.folder, 'dist');
  return join(
    releaseStore.releasesDir({ ...env, BOOKSWAP_RELEASES_DIR: env.BOOKSWAP_RELEASES_DIR ?? join(root, 'releases') }),
    pkg.name,
  );
}

export function servePackage(root, pkg, port = pkg.port, env = process.env) {
  const folder = servedFolder(root, pkg, env);
  if (pkg.name === 'shell') return serveShell(folder, port, env);
  // A release's files are never rewritten, so every one of them (its manifest too) may be cached for good.
  return createStaticServer({ root: folder, port, cors: true, immutable: true, headers: REMOTE_HEADERS });
}
