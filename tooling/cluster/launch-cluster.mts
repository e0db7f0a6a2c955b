// The product as several instances on one machine (docs/deploy.md): one PostgreSQL (the caller's), two API
// instances and two shell servers behind HAProxy, the four remotes' origins, the sign-in emulator and the mail
// catcher, all on loopback. Used by `pnpm cluster` (scripts/cluster.mjs) and by `pnpm bench:cluster`, which kills
// and restarts single instances while buyers keep going.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as registryStore from '../release/registry-store.mts';
import * as releaseStore from '../release/release-store.mts';
import {
  AUTH_EMULATOR_PORT,
  launchProduct,
  MAIL_SMTP_PORT,
  PROJECT_ID,
  promoteLastBuild,
  ROOT,
  type RunningProduct,
} from '../product/launch-product.mts';
import { startManagedProcess, waitForHttp, type ManagedProcess } from '../product/managed-process.mts';
import { haproxyConfig } from './haproxy-config.mts';

export interface ClusterPorts {
  shell: number;
  api: number;
  shellServers: number[];
  apiInstances: number[];
  stats: number;
}

export interface RunningCluster {
  /** The shell through HAProxy. */
  url: string;
  /** The API through HAProxy. */
  apiUrl: string;
  statsUrl: string | null;
  mailInbox: string | null;
  /** Each API instance and shell server directly, past HAProxy. */
  apiInstances: string[];
  shellServers: string[];
  /** The release registry's settings (PostgreSQL) for `pnpm release …`. */
  registryEnv: Record<string, string>;
  /** kill -9 of one API instance (0 or 1); `startApi` starts it again and resolves once it answers /health. */
  killApi(index: number): Promise<void>;
  startApi(index: number): Promise<void>;
  killShell(index: number): Promise<void>;
  startShell(index: number): Promise<void>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** the PostgreSQL every API instance and shell server shares */
  databaseUrl: string;
  /** its schema (the bench's own) */
  databaseSchema?: string;
  /** the one secret of every instance's access tokens (made up when unset) */
  jwtSecret?: string;
  /**
   * the one secret of the shell servers' page-load tickets, which every API instance checks (docs/decisions/042;
   * made up when unset)
   */
  pageLoadSecret?: string;
  /** the shell servers' credential at the API (BOOKSWAP_RENDER_KEY), made anew by default */
  renderKey?: string;
  /** start the sign-in emulator (default true) */
  authEmulator?: boolean;
  /** start the local mail catcher and point the API at it (default true) */
  mailCatcher?: boolean;
  /** added to every API instance's environment */
  apiEnv?: Record<string, string>;
  /** added to every shell server's environment */
  shellEnv?: Record<string, string>;
  ports?: ClusterPorts;
  log?: (line: string) => void;
  onUnexpectedExit?: (reason: string) => void;
}

/** One instance of a stateless part, as `instanceSlot` starts it. */
interface SlotOptions {
  label: string;
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  readyUrl: string;
  log: (line: string) => void;
  onUnexpectedExit: ((reason: string) => void) | undefined;
  isStopping: () => boolean;
}

/** The public ports are npm start's, so the built shell's defaults (API on :5000) hold unchanged. */
export const CLUSTER_PORTS: ClusterPorts = {
  shell: 3000,
  api: 5000,
  shellServers: [3101, 3102],
  apiInstances: [5101, 5102],
  stats: 8404,
};

const REMOTES = releaseStore.REMOTES;

/** Where Debian's HAProxy is, or null. */
export function findHaproxy(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/sbin'];
  return (
    dirs
      .filter(Boolean)
      .map((dir) => join(dir, 'haproxy'))
      .find((file) => existsSync(file)) ?? null
  );
}

/** Debian's HAProxy, installed with apt-get (as root, or through sudo without a password) when missing. */
export function ensureHaproxy(log: (line: string) => void = console.log): string {
  const found = findHaproxy();
  if (found) return found;
  log("[cluster] HAProxy is missing: installing Debian's haproxy");
  const root = process.getuid?.() === 0;
  const run = ([command, ...rest]: [string, ...string[]]) =>
    spawnSync(root ? command : 'sudo', root ? rest : ['-n', command, ...rest], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', 'haproxy']);
  const installed = findHaproxy();
  if (!installed) throw new Error('HAProxy is not installed and could not be installed: apt-get install -y haproxy');
  return installed;
}

/** The instance `i` of `slots`; an index past them is the caller's mistake. */
function slot<Slot>(slots: Slot[], i: number): Slot {
  const found = slots[i];
  if (found === undefined) throw new Error(`no instance ${i}: there are ${slots.length}`);
  return found;
}

/**
 * One instance of a stateless part, started, killed (kill -9, as a crash) and started again on its port with the
 * same settings. An exit nobody asked for is reported to `onUnexpectedExit`.
 */
function instanceSlot({ label, command, args, cwd, env, readyUrl, log, onUnexpectedExit, isStopping }: SlotOptions) {
  let current: ManagedProcess | null = null;
  const onPurpose = new WeakSet<ManagedProcess>();
  return {
    label,
    get running() {
      return current !== null && !current.exited;
    },
    async start() {
      if (current && !current.exited) return;
      const child = startManagedProcess({ label, command, args, cwd, env, log });
      current = child;
      void child.exit.then(({ code, signal }) => {
        if (isStopping() || onPurpose.has(child)) return;
        const reason = `${label} exited (${signal ?? `code ${code}`})`;
        log(`[cluster] ${reason}`);
        onUnexpectedExit?.(reason);
      });
      await waitForHttp(readyUrl, { timeoutMs: 120_000, process: child });
    },
    async kill() {
      if (!current || current.exited) return;
      onPurpose.add(current);
      await current.kill();
    },
    async stop() {
      if (!current || current.exited) return;
      onPurpose.add(current);
      await current.stop();
    },
  };
}

export async function launchCluster({
  databaseUrl,
  databaseSchema,
  jwtSecret = randomBytes(48).toString('base64url'),
  renderKey = randomBytes(24).toString('base64url'),
  pageLoadSecret = randomBytes(48).toString('base64url'),
  authEmulator = true,
  mailCatcher = true,
  apiEnv = {},
  shellEnv = {},
  ports = CLUSTER_PORTS,
  log = console.log,
  onUnexpectedExit,
}: ClusterOptions): Promise<RunningCluster> {
  const haproxy = ensureHaproxy(log);
  const folder = mkdtempSync(join(tmpdir(), 'bookswap-cluster-'));
  let stopping = false;
  const isStopping = () => stopping;
  // The registry in PostgreSQL (docs/decisions/061): the release commands, the API and the shell servers share it.
  const registryEnv: Record<string, string> = {
    RELEASE_REGISTRY_DATABASE_URL: databaseUrl,
    ...(databaseSchema ? { DATABASE_SCHEMA: databaseSchema } : {}),
  };
  let origins: RunningProduct | null = null;
  const apis = ports.apiInstances.map((port, i) => {
    const dataDir = join(folder, `api-${i + 1}`);
    mkdirSync(dataDir);
    return instanceSlot({
      label: `api-${i + 1}`,
      command: process.execPath,
      args: ['--import', 'tsx', 'src/main.ts'],
      cwd: join(ROOT, 'server'),
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        ...registryEnv,
        JWT_SECRET: jwtSecret,
        BOOKSWAP_RENDER_KEY: renderKey,
        BOOKSWAP_PAGE_LOAD_SECRET: pageLoadSecret,
        AUTH_MODE: 'emulator',
        ...(authEmulator ? { FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${AUTH_EMULATOR_PORT}` } : {}),
        FIREBASE_PROJECT_ID: PROJECT_ID,
        ...(mailCatcher ? { SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}` } : {}),
        // Requests come through HAProxy on loopback: the client is the one it names in X-Forwarded-For.
        TRUST_PROXY: '127.0.0.1',
        PUBLIC_URL: `http://localhost:${ports.api}`,
        // HAProxy's health checks (four a second) would bury everything else in the request log.
        LOG_LEVEL: 'warn',
        ...apiEnv,
      },
      readyUrl: `http://127.0.0.1:${port}/health`,
      log,
      onUnexpectedExit,
      isStopping,
    });
  });
  const shells = ports.shellServers.map((port, i) =>
    instanceSlot({
      label: `shell-${i + 1}`,
      command: process.execPath,
      // The shell's server is TypeScript in part (static-server.mts), run as the API's is: through tsx.
      args: ['--import', 'tsx', join(ROOT, 'tooling', 'serve', 'serve.mts'), 'shell', String(port)],
      cwd: ROOT,
      env: {
        ...registryEnv,
        BOOKSWAP_API_URL: `http://localhost:${ports.api}`,
        BOOKSWAP_RENDER_KEY: renderKey,
        // The origin visitors use is the balancer's, never a request's Host header.
        BOOKSWAP_PUBLIC_URL: `http://localhost:${ports.shell}`,
        // Pages come through HAProxy on loopback: the visitor is the one it names in X-Forwarded-For.
        BOOKSWAP_TRUST_PROXY: 'loopback',
        BOOKSWAP_PAGE_LOAD_SECRET: pageLoadSecret,
        ...shellEnv,
      },
      readyUrl: `http://127.0.0.1:${port}/remotes.json`,
      log,
      onUnexpectedExit,
      isStopping,
    }),
  );
  const configFile = join(folder, 'haproxy.cfg');
  writeFileSync(
    configFile,
    haproxyConfig({
      shell: { port: ports.shell, servers: ports.shellServers },
      api: { port: ports.api, servers: ports.apiInstances },
      statsPort: ports.stats,
    }),
  );
  const balancer = instanceSlot({
    label: 'haproxy',
    command: haproxy,
    args: ['-db', '-f', configFile],
    cwd: folder,
    env: {},
    readyUrl: `http://127.0.0.1:${ports.api}/health`,
    log,
    onUnexpectedExit,
    isStopping,
  });

  async function stop() {
    stopping = true;
    await balancer.stop();
    await Promise.all([...shells, ...apis].map((slot) => slot.stop()));
    await origins?.stop();
    rmSync(folder, { recursive: true, force: true });
  }

  try {
    origins = await launchProduct({ api: false, authEmulator, mailCatcher, packages: REMOTES, log, onUnexpectedExit });
    // The first instance migrates the database (and seeds the demo data into an empty one) alone.
    await apis[0]?.start();
    const store = registryStore.openRegistryStore({ ...process.env, ...registryEnv });
    try {
      promoteLastBuild({ env: { ...process.env, ...registryEnv }, registry: await store.read(), log });
    } finally {
      await store.close();
    }
    await Promise.all([...apis.slice(1), ...shells].map((slot) => slot.start()));
    await balancer.start();
    await waitForHttp(`http://127.0.0.1:${ports.shell}/remotes.json`, { timeoutMs: 10_000 });
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url: `http://localhost:${ports.shell}`,
    apiUrl: `http://localhost:${ports.api}`,
    statsUrl: ports.stats ? `http://localhost:${ports.stats}` : null,
    mailInbox: origins.mailInbox,
    apiInstances: ports.apiInstances.map((port) => `http://127.0.0.1:${port}`),
    shellServers: ports.shellServers.map((port) => `http://127.0.0.1:${port}`),
    registryEnv,
    killApi: (i) => slot(apis, i).kill(),
    startApi: (i) => slot(apis, i).start(),
    killShell: (i) => slot(shells, i).kill(),
    startShell: (i) => slot(shells, i).start(),
    stop,
  };
}
