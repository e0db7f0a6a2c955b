// The composed product as one object: the five static servers, the API server and the sign-in
// emulator. Used by `npm start` (scripts/start-product.mjs) and by the browser tests' global setup.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { REPO_ROOT } from '../repo-root.cts';
import * as releaseStore from '../release/release-store.mts';
import type { Env, Registry } from '../release/release-store.mts';
import { PACKAGES, servePackage, type ServedPackage, type StaticServer } from '../serve/serve-package.mts';
import { answers, startManagedProcess, waitForHttp, type ManagedProcess } from './managed-process.mts';

export const ROOT = REPO_ROOT;
export const API_PORT = 5000;
export const AUTH_EMULATOR_PORT = 9099;
/** The local mail catcher (maildev): SMTP for the API server's mail worker, its inbox in the browser. */
export const MAIL_SMTP_PORT = 1025;
export const MAIL_INBOX_PORT = 1080;
export const MAIL_INBOX_URL = `http://localhost:${MAIL_INBOX_PORT}`;
export const PROJECT_ID = 'demo-bookswap';

export type PackageName = ServedPackage['name'];

export interface RunningProduct {
  url: string;
  /** The local mail catcher's inbox, when it runs. */
  mailInbox: string | null;
  stop(): Promise<void>;
  /** Takes one package's static server down (the browser tests' "remote is down"). */
  stopPackage(name: PackageName): Promise<void>;
  startPackage(name: PackageName): Promise<void>;
  /** Stops the API server (SIGTERM, as an orderly deploy or crash-restart would); its data stays in DATA_DIR. */
  stopApi(): Promise<void>;
  /** Starts the API server again on the same port and DATA_DIR; resolves once GET /health answers. */
  startApi(): Promise<void>;
}

export interface LaunchOptions {
  root?: string;
  /** the API server's DATA_DIR (tests pass a temporary folder) */
  dataDir?: string;
  /** start the API server when server/src/main.ts exists (default true) */
  api?: boolean;
  /** start the sign-in emulator when scripts/auth-emulator.mjs exists (default true) */
  authEmulator?: boolean;
  /** start the local mail catcher and point the API server's mail at it (default true) */
  mailCatcher?: boolean;
  /** the packages to serve (default all five; the cluster serves the remotes here and runs its shell servers apart) */
  packages?: readonly PackageName[];
  /**
   * keep the emulator's accounts beside the API server's data, so both survive a restart together and deleting the
   * data folder resets both (npm start; tests start fresh)
   */
  keepAccounts?: boolean;
  /** extra environment for the API server */
  apiEnv?: Record<string, string>;
  /**
   * the secret the shell's server signs page-load tickets with and the API checks them with (docs/decisions/042):
   * BOOKSWAP_PAGE_LOAD_SECRET, else made up for this run
   */
  pageLoadSecret?: string;
  log?: (line: string) => void;
  /** a child died on its own */
  onUnexpectedExit?: (reason: string) => void;
}

export interface PromoteOptions {
  env?: Env;
  log?: (line: string) => void;
  /** the registry as it stands, when it is not the file's */
  registry?: Registry;
}

/** Packages without a build to serve: a release of the shell or of a remote from the last build-all. */
export function missingBuilds(env: Env = process.env): string[] {
  const lastBuild = releaseStore.readLastBuild(env);
  return PACKAGES.filter((pkg) => {
    const version = lastBuild[pkg.name];
    return !version || !releaseStore.readRelease(pkg.name, version, env);
  }).map((pkg) => pkg.folder);
}

/**
 * Makes `versions` (unit → version) live through `pnpm release promote` (its compatibility gate and history), those
 * not live already; two or more go live as one release set, checked together (docs/decisions/029). `registry` is the
 * registry as it stands when it is not the file (the cluster's, in PostgreSQL, read by the caller). Returns whether
 * anything moved.
 */
export function promoteReleases(
  versions: Partial<Record<string, string>>,
  {
    env = process.env,
    log = console.log,
    registry = releaseStore.readRegistry(releaseStore.registryPath(env)),
  }: PromoteOptions = {},
): boolean {
  const changed = Object.entries(versions).filter(
    (entry): entry is [string, string] =>
      entry[1] !== undefined &&
      (registry.remotes[entry[0]]?.live !== entry[1] || Boolean(registry.remotes[entry[0]]?.canary)),
  );
  const [only] = changed;
  if (!only) return false;
  const args =
    changed.length === 1
      ? ['promote', ...only]
      : ['promote', '--set', ...changed.map(([unit, version]) => `${unit}=${version}`)];
  const promote = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'tooling', 'release', 'cli.ts'), ...args],
    {
      cwd: ROOT,
      env,
      encoding: 'utf8',
    },
  );
  if (promote.status !== 0) throw new Error(`${args.join(' ')} failed: ${promote.stderr.trim()}`);
  log(`[product] ${promote.stdout.trim()}`);
  return true;
}

/**
 * Makes the releases the last build-all made live: what `npm start` serves is what it built, as one release set
 * when two or more changed, since a build of the whole tree is made to run together.
 */
export function promoteLastBuild({ env = process.env, ...options }: PromoteOptions = {}): void {
  promoteReleases(releaseStore.readLastBuild(env), { env, ...options });
}

export async function launchProduct({
  root = ROOT,
  dataDir,
  api = true,
  authEmulator = true,
  mailCatcher = true,
  packages = PACKAGES.map((pkg) => pkg.name),
  keepAccounts = false,
  apiEnv = {},
  pageLoadSecret = process.env.BOOKSWAP_PAGE_LOAD_SECRET || randomBytes(48).toString('base64url'),
  log = console.log,
  onUnexpectedExit,
}: LaunchOptions = {}): Promise<RunningProduct> {
  const missing = missingBuilds();
  if (missing.length) throw new Error(`No production build of ${missing.join(', ')}: run node scripts/build-all.mjs`);
  // The shell's server calls the API as itself when it renders (docs/decisions/043): one key per start, for both.
  const renderKey = process.env.BOOKSWAP_RENDER_KEY || randomBytes(24).toString('base64url');
  const serveEnv = { ...process.env, BOOKSWAP_RENDER_KEY: renderKey, BOOKSWAP_PAGE_LOAD_SECRET: pageLoadSecret };

  const children: ManagedProcess[] = [];
  const servers = new Map<PackageName, StaticServer>();
  let stopping = false;

  // The API server a test took down on purpose (stopApi): its exit is no accident.
  const stoppedOnPurpose = new WeakSet<ManagedProcess>();
  /** Set when this launcher started the API server (not when one already answered): stopApi and startApi. */
  let startApiProcess: (() => Promise<void>) | null = null;
  let apiProcess: ManagedProcess | null = null;

  function watch(child: ManagedProcess) {
    children.push(child);
    void child.exit.then(({ code, signal }) => {
      if (stopping || stoppedOnPurpose.has(child)) return;
      const reason = `${child.label} exited (${signal ?? `code ${code}`})`;
      log(`[product] ${reason}`);
      onUnexpectedExit?.(reason);
    });
  }

  async function stop() {
    stopping = true;
    await Promise.all([...servers.values()].map((server) => server.close()));
    await Promise.all(children.map((child) => child.stop()));
  }

  try {
    // Both start together: the emulator takes ~27 s, the API server a few.
    const waits: Promise<unknown>[] = [];
    const emulatorScript = join(root, 'scripts', 'auth-emulator.mjs');
    let emulatorUsed = false;
    if (authEmulator && existsSync(emulatorScript)) {
      emulatorUsed = true;
      const emulatorUrl = `http://127.0.0.1:${AUTH_EMULATOR_PORT}/`;
      if (await answers(emulatorUrl))
        log(`[product] an Auth emulator already answers on :${AUTH_EMULATOR_PORT}: using it`);
      else {
        // Ready means seeded: a test that starts by wiping and re-seeding the accounts must not race the script's
        // own seeding (which fails and stops the emulator when an account vanishes under it).
        let seeded = () => {};
        const demoAccountsReady = new Promise<void>((resolve) => (seeded = resolve));
        const emulator = startManagedProcess({
          label: 'auth',
          onLine: (line) => {
            if (line === 'auth emulator ready') seeded();
          },
          command: process.execPath,
          // The script loads the emulator's TypeScript (tooling/auth-emulator) through tsx.
          args: ['--import', 'tsx', emulatorScript, ...(keepAccounts ? ['--persist'] : [])],
          cwd: root,
          env: {
            NO_UPDATE_NOTIFIER: '1',
            ...(keepAccounts ? { AUTH_EMULATOR_DATA_DIR: join(dataDir ?? join(root, '.data'), 'auth-emulator') } : {}),
          },
          log,
        });
        watch(emulator);
        waits.push(
          waitForHttp(emulatorUrl, { timeoutMs: 120_000, process: emulator }).then(() =>
            Promise.race([
              demoAccountsReady,
              emulator.exit.then(() => {
                throw new Error('the Auth emulator stopped before its demo accounts were ready (see its output)');
              }),
            ]),
          ),
        );
      }
    } else if (authEmulator)
      log('[product] scripts/auth-emulator.mjs not found: starting without the sign-in emulator');

    // The API server's emails (decision 024) land in a local inbox (maildev), on loopback only.
    let mailEnv: Record<string, string> = {};
    if (mailCatcher) {
      // The inbox page answers only a browser (Accept: text/html); its REST API answers anyone.
      const inbox = `http://127.0.0.1:${MAIL_INBOX_PORT}/api/email`;
      if (await answers(inbox)) log(`[product] a mail catcher already answers on :${MAIL_INBOX_PORT}: using it`);
      else {
        const catcher = startManagedProcess({
          label: 'mail',
          command: join(root, 'node_modules', '.bin', 'maildev'),
          args: [
            '--ip',
            '127.0.0.1',
            '--web-ip',
            '127.0.0.1',
            '--smtp',
            String(MAIL_SMTP_PORT),
            '--web',
            String(MAIL_INBOX_PORT),
          ],
          cwd: root,
          env: {},
          log,
        });
        watch(catcher);
        waits.push(waitForHttp(inbox, { timeoutMs: 60_000, process: catcher }));
      }
      mailEnv = { SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}` };
    }

    const serverMain = join(root, 'server', 'src', 'main.ts');
    if (api && existsSync(serverMain)) {
      const health = `http://127.0.0.1:${API_PORT}/health`;
      if (await answers(health)) log(`[product] an API server already answers on :${API_PORT}: using it`);
      else {
        // The same settings (and so the same DATA_DIR) at every start: data survives a stopApi/startApi.
        startApiProcess = () => {
          const server = startManagedProcess({
            label: 'api',
            command: process.execPath,
            args: ['--import', 'tsx', 'src/main.ts'],
            cwd: join(root, 'server'),
            env: {
              PORT: String(API_PORT),
              // Emulator mode accepts unsigned tokens: loopback only (SECURITY.md).
              HOST: '127.0.0.1',
              ...(dataDir ? { DATA_DIR: dataDir } : {}),
              ...(emulatorUsed
                ? { AUTH_MODE: 'emulator', FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${AUTH_EMULATOR_PORT}` }
                : {}),
              FIREBASE_PROJECT_ID: PROJECT_ID,
              BOOKSWAP_PAGE_LOAD_SECRET: pageLoadSecret,
              ...mailEnv,
              BOOKSWAP_RENDER_KEY: renderKey,
              ...apiEnv,
            },
            log,
          });
          apiProcess = server;
          watch(server);
          return waitForHttp(health, { timeoutMs: 120_000, process: server });
        };
        waits.push(startApiProcess());
      }
    } else if (api) log('[product] server/src/main.ts not found: starting without the API server');

    // The door opens last: a visitor who signs up before the emulator answers gets
    // auth/network-request-failed, so the front end is served only once the API and the emulator answer.
    if (waits.length) log('[product] waiting for the API server and the sign-in emulator to answer…');
    await Promise.all(waits);

    for (const pkg of PACKAGES.filter((candidate) => packages.includes(candidate.name))) {
      const server = servePackage(root, pkg, pkg.port, serveEnv);
      try {
        await server.listen();
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        throw new Error(`cannot serve ${pkg.folder} on :${pkg.port}: ${why}`, { cause: error });
      }
      servers.set(pkg.name, server);
      log(`[product] ${pkg.folder} on http://localhost:${pkg.port}`);
    }
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url: `http://localhost:${PACKAGES[0]?.port}`,
    mailInbox: mailCatcher ? MAIL_INBOX_URL : null,
    stop,
    async stopPackage(name) {
      const server = servers.get(name);
      if (!server) return;
      servers.delete(name);
      await server.close();
    },
    async startPackage(name) {
      const pkg = PACKAGES.find((candidate) => candidate.name === name);
      if (!pkg) throw new Error(`unknown package ${name}`);
      if (servers.has(name)) return;
      const server = servePackage(root, pkg, pkg.port, serveEnv);
      await server.listen();
      servers.set(name, server);
    },
    async stopApi() {
      if (!startApiProcess) throw new Error('the API server was not started by this launcher: it cannot stop it');
      const server = apiProcess;
      if (!server || server.exited) return;
      stoppedOnPurpose.add(server);
      await server.stop();
    },
    async startApi() {
      if (!startApiProcess) throw new Error('the API server was not started by this launcher: it cannot start it');
      if (apiProcess && !apiProcess.exited) return;
      await startApiProcess();
    },
  };
}

/**
 * A tiny HTTP endpoint for another process (the browser test workers) to take a package or the API server down
 * and back: POST /packages/<name>/stop and /packages/<name>/start, POST /api/stop and /api/start.
 */
export async function startControlServer(
  product: RunningProduct,
  port = 0,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const packageMatch = /^\/packages\/(\w+)\/(stop|start)$/.exec(request.url ?? '');
    const apiMatch = /^\/api\/(stop|start)$/.exec(request.url ?? '');
    if (request.method !== 'POST' || !(packageMatch || apiMatch)) {
      response.writeHead(404);
      response.end();
      return;
    }
    const name = packageMatch?.[1] as PackageName;
    const run = apiMatch
      ? apiMatch[1] === 'stop'
        ? product.stopApi()
        : product.startApi()
      : packageMatch?.[2] === 'stop'
        ? product.stopPackage(name)
        : product.startPackage(name);
    run.then(
      () => {
        response.writeHead(204);
        response.end();
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
