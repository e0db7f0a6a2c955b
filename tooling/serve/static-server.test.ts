import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACKAGES, servePackage, type ServedPackage, type StaticServer } from './serve-package.mjs';

const made: string[] = [];
const servers: StaticServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A releases folder holding one build of `unit`: a script and the source map written beside it. */
function releasesWith(unit: ServedPackage['name'], version: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'bookswap-served-'));
  made.push(dir);
  const folder = join(dir, unit, version);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'main.0123456789.js'), 'console.log("hi");\n');
  writeFileSync(join(folder, 'main.0123456789.js.map'), '{"version":3,"sources":["secret.ts"]}');
  return dir;
}

async function served(unit: ServedPackage['name'], releases: string, port: number): Promise<string> {
  const pkg = PACKAGES.find((candidate) => candidate.name === unit)!;
  const server = servePackage(releases, pkg, port, { BOOKSWAP_RELEASES_DIR: releases });
  servers.push(server);
  await server.listen();
  return `http://127.0.0.1:${port}`;
}

describe('source maps on the production origins', () => {
  it("a remote's origin serves a release's scripts but not their source maps", async () => {
    const origin = await served('seller', releasesWith('seller', 'v1'), 38_471);
    expect((await fetch(`${origin}/v1/main.0123456789.js`)).status).toBe(200);
    const map = await fetch(`${origin}/v1/main.0123456789.js.map`);
    expect(map.status).toBe(404);
    expect(await map.text()).not.toContain('secret.ts');
  });

  it("the shell's origin does not serve a shell release's source maps either", async () => {
    const origin = await served('shell', releasesWith('shell', 'v1'), 38_472);
    expect((await fetch(`${origin}/_shell/v1/main.0123456789.js`)).status).toBe(200);
    expect((await fetch(`${origin}/_shell/v1/main.0123456789.js.map`)).status).toBe(404);
    expect((await fetch(`${origin}/_shell/v1/MAIN.0123456789.JS.MAP`)).status).toBe(404);
  });
});
