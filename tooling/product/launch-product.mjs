// The composed product as one object: the five static servers, the API server and the sign-in
// emulator. Used by `npm start` (scripts/start-product.mjs) and by the browser tests' global setup.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { PACKAGES, servePackage } from '../serve/serve-package.mjs';
import releaseStore from '../release/release-store.cjs';
import { answers, startManagedProcess, waitForHttp } from './managed-process.mjs';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const API_PORT = 5000;
export const AUTH_EMULATOR_PORT = 9099;
/** The local mail catcher (maildev): SMTP for the API server's mail worker, its inbox in the browser. */
export const MAIL_SMTP_PORT = 1025;
export const MAIL_INBOX_PORT = 1080;
export const MAIL_INBOX_URL = `http://localhost:${MAIL_INBOX_PORT}`;
export const PROJECT_ID = 'demo-bookswap';

/** Packages without a build to serve: a release of the shell or of a remote from the last build-all. */
export function missingBuilds(env = process.env) {
  const lastBuild = releaseStore.readLastBuild(env);
  return PACKAGES.filter(
    (pkg) => !lastBuild[pkg.name] || !releaseStore.readRelease(pkg.name, lastBuild[pkg.name], env),
  ).map((pkg) => pkg.folder);
}

/**
 * Makes `versions` (unit → version) live through `pnpm release promote` (its compatibility gate and history), those
 * not live already; two or more go live as one release set, checked together (docs/decisions/029). `registry` is the
 * registry as it stands when it is not the file (the cluster's, in PostgreSQL, read by the caller). Returns whether
 * anything moved.
 */
export function promoteReleases(
  versions,
  { env = process.env, log = console.log, registry = releaseStore.readRegistry(releaseStore.registryPath(env)) } = {},
) {
  const changed = Object.entries(versions).filter(
    ([unit, version]) => registry.remotes[unit]?.live !== version || registry.remotes[unit]?.canary,
  );
  if (changed.length === 0) return false;
  const args =
    changed.length === 1
      ? ['promote', ...changed[0]]
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
export function promoteLastBuild({ env = process.env, ...options } = {}) {
  promoteReleases(releaseStore.readLastBuild(env), { env, ...options });
}

/**
 * @param {object} [options]
 * @param {string} [options.dataDir]       the API server's DATA_DIR (tests pass a temporary folder)
 * @param {boolean} [options.api]          start the API server when server/src/main.ts exists (default true)
 * @param {boolean} [options.authEmulator] start the sign-in emulator when scripts/auth-emulator.mjs exists (default true)
 * @param {boolean} [options.mailCatcher]  start the local mail catcher and point the API server's mail at it (default true)
 * @param {string[]} [options.packages]     the packages to serve (default all five; the cluster serves the remotes
 *   here and runs its shell servers apart)
 * @param {boolean} [options.keepAccounts] keep the emulator's accounts beside the API server's data, so both survive
 *   a restart together and deleting the data folder resets both (npm start; tests start fresh)
 * @param {Record<string,string>} [options.apiEnv]  extra environment for the API server
 * @param {string} [options.pageLoadSecret]  the secret the shell's server signs page-load tickets with and the API
 *   checks them with (docs/decisions/042): BOOKSWAP_PAGE_LOAD_SECRET, else made up for this run
 * @param {(line: string) => void} [options.log]
 * @param {(reason: string) => void} [options.onUnexpectedExit]  a child died on its own
 */
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
} = {}) {
  const missing = missingBuilds();
  if (missing.length) throw new Error(`No production build of ${missing.join(', ')}: run node scripts/build-all.mjs`);
  // The shell's server calls the API as itself when it renders (docs/decisions/043): one key per start, for both.
  const renderKey = process.env.BOOKSWAP_RENDER_KEY || randomBytes(24).toString('base64url');
  const serveEnv = { ...process.env, BOOKSWAP_RENDER_KEY: renderKey, BOOKSWAP_PAGE_LOAD_SECRET: pageLoadSecret };

  const children = [];
  const servers = new Map();
  let stopping = false;

  // The API server a test took down on purpose (stopApi): its exit is no accident.
  const stoppedOnPurpose = new WeakSet();
  /** Set when this launcher started the API server (not when one already answered): stopApi and startApi. */
  let startApiProcess = null;
  let apiProcess = null;

  function watch(child) {
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
    const waits = [];
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
        let seeded;
        const demoAccountsReady = new Promise((resolve) => (seeded = resolve));
        const emulator = startManagedProcess({
          label: 'auth',
          onLine: (line) => {
            if (line === 'auth emulator ready') seeded();
          },
          command: process.execPath,
          args: keepAccounts ? [emulatorScript, '--persist'] : [emulatorScript],
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
    let mailEnv = {};
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
        throw new Error(`cannot serve ${pkg.folder} on :${pkg.port}: ${error.message}`, { cause: error });
      }
      servers.set(pkg.name, server);
      log(`[product] ${pkg.folder} on http://localhost:${pkg.port}`);
    }
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url: `http://localhost:${PACKAGES[0].port}`,
    mailInbox: mailCatcher ? MAIL_INBOX_URL : null,
    stop,
    /** Takes one package's static server down (the browser tests' "remote is down"). */
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
    /** Stops the API server (SIGTERM, as an orderly deploy or crash-restart would); its data stays in DATA_DIR. */
    async stopApi() {
      if (!startApiProcess) throw new Error('the API server was not started by this launcher: it cannot stop it');
      const server = apiProcess;
      if (!server || server.exited) return;
      stoppedOnPurpose.add(server);
      await server.stop();
    },
    /** Starts the API server again on the same port and DATA_DIR; resolves once GET /health answers. */
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
export async function startControlServer(product, port = 0) {
  const server = createServer((request, response) => {
    const packageMatch = /^\/packages\/(\w+)\/(stop|start)$/.exec(request.url ?? '');
    const apiMatch = /^\/api\/(stop|start)$/.exec(request.url ?? '');
    if (request.method !== 'POST' || !(packageMatch || apiMatch)) {
      response.writeHead(404);
      response.end();
      return;
    }
    const run = apiMatch
      ? apiMatch[1] === 'stop'
        ? product.stopApi()
        : product.startApi()
      : packageMatch[2] === 'stop'
        ? product.stopPackage(packageMatch[1])
        : product.startPackage(packageMatch[1]);
    run.then(
      () => {
        response.writeHead(204);
        response.end();
      },
      (error) => {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(String(error));
      },
    );
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
