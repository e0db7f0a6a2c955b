// Which folder is served on which port and how (ARCHITECTURE.md's ports).
import { join } from 'node:path';
import { createStaticServer } from './static-server.mjs';
import { configJson, remotesJson } from './shell-runtime-files.mjs';

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
    generated: { '/config.json': () => configJson(dist, env), '/remotes.json': () => remotesJson(dist, env) },
  });
}

export function servePackage(root, pkg, port = pkg.port, env = process.env) {
  const dist = join(root, pkg.folder, 'dist');
  if (pkg.name === 'shell') return serveShell(dist, port, env);
  return createStaticServer({ root: dist, port, cors: true });
}
