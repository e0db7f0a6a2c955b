import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import type { ReleaseContract, ReleaseManifest, RouteFacts, ShellContract } from '@bookswap/shared/releases';
import { releasesDir, ROOT, type Env, type ReleaseUnit } from './release-store.mts';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { sharedSingletons } = require('../webpack/shared-singletons.cjs') as {
  sharedSingletons(packageJson: unknown): Record<string, { singleton?: boolean; requiredVersion?: string }>;
};

export interface BuildOptions {
  remote: ReleaseUnit;
  /** The package folder; default the workspace's `remote-<name>/` or `shell/` (another checkout or a variant). */
  source?: string;
  env?: Env;
  log?: (line: string) => void;
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)))
    .sort();
}

/** A digest of every file a build wrote, names and bytes: unchanged source builds to the same digest. */
export function contentDigest(folder: string): string {
  const hash = createHash('sha256');
  for (const file of filesUnder(folder))
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(folder, file)))
      .update('\0');
  return hash.digest('hex').slice(0, 10);
}

/** The version of a workspace package as `source` links it (a variant build may link another copy). */
function linkedVersion(source: string, name: string): string {
  return readJson<{ version: string }>(
    join(realpathSync(join(source, 'node_modules', ...name.split('/'))), 'package.json'),
  ).version;
}

/**
 * The contract a build of `source` needs: the runtime contract's version it compiled against, each singleton's
 * range, and the library versions it carries (docs/decisions/028).
 */
export function contractOf(source: string): ReleaseContract {
  const packageJson = readJson<Record<string, unknown>>(join(source, 'package.json'));
  const runtime = linkedVersion(source, '@bookswap/contract');
  const singletons: Record<string, string> = {};
  for (const [key, config] of Object.entries(sharedSingletons(packageJson))) {
    // A key ending in `/` is the same package's subpaths, under the same range; a library is no singleton.
    if (!key.endsWith('/') && config.singleton && config.requiredVersion) singletons[key] = config.requiredVersion;
  }
  singletons['@bookswap/contract'] = `^${runtime}`;
  return { runtime, singletons, libraries: { '@bookswap/shared': linkedVersion(source, '@bookswap/shared') } };
}

function commitOf(source: string): string {
  const head = spawnSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: source, encoding: 'utf8' });
  if (head.status !== 0) return 'unknown';
  const dirty = spawnSync('git', ['status', '--porcelain', '--', '.'], { cwd: source, encoding: 'utf8' });
  return `${head.stdout.trim()}${dirty.stdout.trim() ? '-dirty' : ''}`;
}

function run(command: string, args: string[], options: { cwd: string; env: Env }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')} failed:\n${`${out}\n${err}`.trim()}`)),
    );
  });
}

/** The routes the remote's `./routes` module serves, read in Node with the remote's own dependencies. */
export async function routesOf(source: string, env: Env): Promise<RouteFacts[]> {
  const output = await run(
    process.execPath,
    [
      '--require',
      join(__dirname, 'stub-assets.cjs'),
      '--import',
      'tsx',
      join(__dirname, 'print-routes.ts'),
      join(source, 'src', 'routes.tsx'),
    ],
    { cwd: ROOT, env: { ...process.env, ...env } },
  );
  return JSON.parse(output.trim().split('\n').at(-1) ?? '[]') as RouteFacts[];
}

/** Where the shell's server serves the files of each kept shell release: `/_shell/<version>/` (docs/decisions/029). */
export const SHELL_RELEASE_PATH = '/_shell/';

/**
 * A shell release's page names its scripts under the release's own path, so the page of one release never loads
 * another's files, and webpack's `publicPath: 'auto'` loads every lazy chunk from there too.
 */
export function pointPageAtRelease(page: string, version: string): string {
  return page.replace(/(<(?:script|link)\b[^>]*\s(?:src|href)=")\/(?!\/)/g, `$1${SHELL_RELEASE_PATH}${version}/`);
}

/** What a shell build offers, read from the `shell-contract.json` it wrote, and the routes it serves itself. */
function shellFacts(staging: string): { provides: ShellContract; routes: RouteFacts[] } {
  const provides = readJson<ShellContract>(join(staging, 'shell-contract.json'));
  const routes = provides.routes.filter((route) => route.owner === 'shell').map(({ owner: _owner, ...route }) => route);
  return { provides, routes };
}

/** Where a build writes its server entry, if it has one: the shell's render of a page, or a remote's routes for it. */
const SERVER_FILES = { pageRender: 'server/page-render.cjs' } as const;

/**
 * `release.json` as a build writes it: the manifest, and the module the release runs on the shell's server as a
 * path in its folder (docs/decisions/037 and 045; tooling/serve/page-renders.mts reads `pageRender`).
 */
type BuiltRelease = ReleaseManifest & { server?: Partial<Record<keyof typeof SERVER_FILES, string>> };

/** The server entries a build wrote beside the browser's files (tooling/webpack/create-config.cjs), if any. */
function serverEntriesIn(staging: string): Pick<BuiltRelease, 'server'> {
  const written = Object.entries(SERVER_FILES).filter(([, file]) => existsSync(join(staging, file)));
  return written.length ? { server: Object.fromEntries(written) } : {};
}

/**
 * `pnpm release build <unit>`: one production build into a new folder `<releases>/<unit>/<version>/` that is
 * never overwritten, with `release.json` beside the federation manifest. The version is the package version and a
 * digest of the build's files, so building unchanged source twice names the same release and keeps the first.
 */
export async function buildRelease({ remote, source, env = process.env, log = () => undefined }: BuildOptions) {
  const isShell = remote === 'shell';
  const packageDir = source ?? join(ROOT, isShell ? 'shell' : `remote-${remote}`);
  const folder = join(releasesDir(env), remote);
  mkdirSync(folder, { recursive: true });
  const staging = join(folder, `.staging-${process.pid}-${Date.now()}`);
  const started = Date.now();
  try {
    const webpack = join(ROOT, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
    const build = run(process.execPath, [webpack, '--mode', 'production'], {
      cwd: packageDir,
      env: { ...process.env, ...env, BOOKSWAP_OUTPUT_DIR: staging },
    });
    // A remote's routes come from its `./routes` module; the shell's from the contract its build wrote.
    const [remoteRoutes] = await Promise.all([isShell ? Promise.resolve(null) : routesOf(packageDir, env), build]);
    const packageVersion = readJson<{ version: string }>(join(packageDir, 'package.json')).version;
    const version = `${packageVersion}-${contentDigest(staging)}`;
    const target = join(folder, version);
    if (existsSync(join(target, 'release.json'))) {
      log(`${remote} ${version}: unchanged, already kept`);
      return { version, folder: target, reused: true, seconds: (Date.now() - started) / 1000 };
    }
    const contract = contractOf(packageDir);
    const shell = isShell ? shellFacts(staging) : null;
    if (isShell) {
      const page = join(staging, 'index.html');
      writeFileSync(page, pointPageAtRelease(readFileSync(page, 'utf8'), version));
    }
    const release: BuiltRelease = {
      remote,
      version,
      commit: commitOf(packageDir),
      builtAt: new Date().toISOString(),
      // A shell's contract is what it provides: the runtime contract and each singleton at its exact version.
      contract: shell
        ? { runtime: shell.provides.runtime, singletons: shell.provides.singletons, libraries: contract.libraries }
        : contract,
      routes: shell ? shell.routes : (remoteRoutes ?? []),
      ...(shell ? { provides: shell.provides } : {}),
      ...serverEntriesIn(staging),
    };
    writeFileSync(join(staging, 'release.json'), `${JSON.stringify(release, null, 2)}\n`);
    renameSync(staging, target);
    log(`${remote} ${version}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return { version, folder: target, reused: false, seconds: (Date.now() - started) / 1000 };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
