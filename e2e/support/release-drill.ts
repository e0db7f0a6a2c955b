import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import type { Page } from '@playwright/test';

export const ROOT = join(__dirname, '..', '..');
export const CLI = join(ROOT, 'tooling', 'release', 'cli.ts');

/** `pnpm release …` as a team types it, against the run's registry (global setup); nothing thrown on refusal. */
export function release(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: ROOT,
    env: process.env,
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

/**
 * Runs `visit(0)` to `visit(count - 1)`, `lanes` at a time: a drill's fresh browsers each wait on the network for
 * much of their page loads, so a few side by side finish sooner than one after another.
 */
export async function inLanes(count: number, lanes: number, visit: (index: number) => Promise<void>) {
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      for (let index = lane; index < count; index += lanes) await visit(index);
    }),
  );
}

/** A copy of a workspace package (`contract` or `shared`) at another version, with text replacements. */
export interface PackageCopy {
  version: string;
  replace?: { file: string; from: string; to: string }[];
}

export interface VariantChanges {
  /** Text replacements in the copy's files (path relative to the package folder). */
  replace?: { file: string; from: string; to: string }[];
  /** New files in the copy. */
  add?: Record<string, string>;
  /** Build against a copy of @bookswap/shared (the libraries) at this version, changed so. */
  shared?: PackageCopy;
  /** Build against a copy of @bookswap/contract (the runtime contract) at this version. */
  contract?: PackageCopy;
}

function replaceIn(folder: string, replacements: { file: string; from: string; to: string }[]) {
  for (const { file, from, to } of replacements) {
    const text = readFileSync(join(folder, file), 'utf8');
    if (!text.includes(from)) throw new Error(`${file} has no "${from}"`);
    writeFileSync(join(folder, file), text.replaceAll(from, to));
  }
}

/**
 * A copy of a remote's package with a change, as another team's checkout would be: its own source, the
 * workspace's dependencies (linked), and optionally its own copies of @bookswap/shared or @bookswap/contract at
 * other versions.
 */
export function remoteVariant(folder: string, changes: VariantChanges): string {
  // Inside the run's data folder when there is one (global setup), which its teardown removes.
  const base = mkdtempSync(join(process.env.BOOKSWAP_E2E_DATA_DIR ?? tmpdir(), 'bookswap-variant-'));
  const copy = join(base, folder);
  cpSync(join(ROOT, folder), copy, { recursive: true, filter: (source) => !source.includes('node_modules') });
  // The configs name the workspace's webpack factory and TypeScript settings by relative paths.
  for (const [file, from, to] of [
    ['webpack.config.cjs', '../tooling/', `${join(ROOT, 'tooling')}/`],
    ['tsconfig.json', '../tsconfig.base.json', join(ROOT, 'tsconfig.base.json')],
  ] as const) {
    writeFileSync(join(copy, file), readFileSync(join(copy, file), 'utf8').replace(from, to));
  }
  replaceIn(copy, changes.replace ?? []);
  for (const [file, text] of Object.entries(changes.add ?? {})) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    writeFileSync(join(copy, file), text);
  }
  const modules = join(copy, 'node_modules');
  const copies = (['contract', 'shared'] as const).filter((name) => changes[name]);
  if (copies.length === 0) {
    symlinkSync(join(ROOT, folder, 'node_modules'), modules);
    return copy;
  }
  // Every dependency linked as the workspace has it, except the workspace packages asked for: copies at their versions.
  linkEach(join(ROOT, folder, 'node_modules'), modules);
  for (const name of copies) {
    const { version, replace = [] } = changes[name]!;
    const packageCopy = join(base, name);
    cpSync(join(ROOT, name), packageCopy, { recursive: true, filter: (source) => !source.endsWith('node_modules') });
    if (existsSync(join(ROOT, name, 'node_modules')))
      symlinkSync(join(ROOT, name, 'node_modules'), join(packageCopy, 'node_modules'));
    const packageJson = JSON.parse(readFileSync(join(packageCopy, 'package.json'), 'utf8')) as { version: string };
    writeFileSync(join(packageCopy, 'package.json'), JSON.stringify({ ...packageJson, version }));
    replaceIn(packageCopy, replace);
    const linked = join(modules, '@bookswap', name);
    rmSync(linked, { force: true });
    symlinkSync(packageCopy, linked);
  }
  return copy;
}

/** A folder of links to what each entry of `from` (scopes one level down) really is. */
function linkEach(from: string, to: string) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from)) {
    if (entry.startsWith('@')) linkEach(join(from, entry), join(to, entry));
    else symlinkSync(realpathSync(join(from, entry)), join(to, entry));
  }
}

/** A digest of every file under a folder: equal before and after means byte for byte unchanged. */
export function folderDigest(folder: string): string {
  const hash = createHash('sha256');
  const files = readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(relative(folder, file)).update(readFileSync(file));
  return hash.digest('hex');
}

/** The base URL of a remote's live release in the run's registry: `<origin>/<version>`. */
export function liveReleaseUrl(remote: 'storefront' | 'seller' | 'admin' | 'checkout'): string {
  const file = process.env.BOOKSWAP_RELEASE_REGISTRY;
  if (!file) throw new Error('BOOKSWAP_RELEASE_REGISTRY is not set: run through e2e/playwright.config.ts');
  const registry = JSON.parse(readFileSync(file, 'utf8')) as { remotes: Record<string, { live: string | null }> };
  const ports = { storefront: 3001, seller: 3002, admin: 3003, checkout: 3004 };
  return `http://localhost:${ports[remote]}/${registry.remotes[remote]?.live ?? ''}`;
}

export interface RegistryRecord {
  live: string | null;
  canary: { version: string; percent: number; set?: string } | null;
  rollout?: { version: string; steps: number[]; percent: number } | null;
  history: {
    action: string;
    from: string | null;
    to: string | null;
    command: string;
    reason?: string;
    figures?: unknown;
  }[];
}

/** One release unit's record (a remote's, the shell's) in the run's registry, as the release commands and the API's rollout wrote it. */
export function registryRecord(remote: 'shell' | 'storefront' | 'seller' | 'admin' | 'checkout'): RegistryRecord {
  const file = process.env.BOOKSWAP_RELEASE_REGISTRY;
  if (!file) throw new Error('BOOKSWAP_RELEASE_REGISTRY is not set: run through e2e/playwright.config.ts');
  const registry = JSON.parse(readFileSync(file, 'utf8')) as { remotes: Record<string, RegistryRecord> };
  return registry.remotes[remote] ?? { live: null, canary: null, history: [] };
}

/** As the tab being hidden: the shell's release-health reporter starts (if it had not) and sends what it holds. */
export async function hidePage(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** Hides the tab and waits until its batch of release-health reports has left. */
export async function sendReports(page: Page) {
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/telemetry'));
  await hidePage(page);
  await sent;
}
