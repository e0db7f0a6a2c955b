#!/usr/bin/env -S node --import tsx
// Serves one built package: `node --import tsx tooling/serve/serve.mts <package-folder> [port]` (tsx: the server is
// TypeScript), e.g. `node --import tsx tooling/serve/serve.mts remote-seller 3002`; `npm start` serves all five.
import { REPO_ROOT } from '../repo-root.cts';
import { servePackage, PACKAGES } from './serve-package.mts';

const [folder, portText] = process.argv.slice(2);
const pkg = PACKAGES.find((candidate) => candidate.folder === folder);
if (!pkg) {
  console.error(`usage: serve.mts <${PACKAGES.map((p) => p.folder).join('|')}> [port]`);
  process.exit(2);
}
const server = servePackage(REPO_ROOT, pkg, portText ? Number(portText) : pkg.port);
await server.listen();
console.log(`${pkg.folder} on http://localhost:${server.port}`);
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// The render pool's and the kept pages' state, for an operator or a bench (`kill -USR2 <pid>`), on this output.
process.on('SIGUSR2', () => console.log(`[render-state] ${JSON.stringify(server.renderState?.() ?? null)}`));
