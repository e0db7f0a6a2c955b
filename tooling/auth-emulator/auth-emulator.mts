// The local stand-in for Firebase Auth: the firebase-tools Auth emulator on 127.0.0.1:9099, project
// demo-bookswap, its config and state under the git-ignored `.state/`, seeded with the same DEMO_USERS the
// server's seed reads. Used by `scripts/auth-emulator.mjs` (npm start) and by the browser tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { DEMO_USERS } from '@bookswap/shared/demo-users';
import { REPO_ROOT } from '../repo-root.cts';

export interface DemoAccount {
  email: string;
  password: string;
  userName: string;
}

export interface EmulatorAccount {
  localId: string;
  email?: string;
  displayName?: string;
  photoUrl?: string;
  emailVerified?: boolean;
  providerUserInfo?: { providerId: string; email?: string }[];
}

/** An email the emulator would have sent, with the link in it. */
export interface EmulatorOobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

export interface RunningAuthEmulator {
  url: string;
  child: ChildProcess;
  exited: Promise<number>;
  ready: Promise<void>;
  /** Sends the signal unless the emulator already shuts down, and resolves when it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface AuthEmulatorOptions {
  stateDir?: string;
  port?: number;
  persist?: boolean;
  dataDir?: string;
  output?: 'inherit' | 'ignore';
  timeoutMs?: number;
}

/** Where an answer of the emulator is read from: its base URL. */
interface At {
  url?: string;
}

export const AUTH_EMULATOR_PROJECT = 'demo-bookswap' as const;
export const AUTH_EMULATOR_PORT = 9099;
export const AUTH_EMULATOR_URL = `http://127.0.0.1:${AUTH_EMULATOR_PORT}`;
/** The emulator accepts any API key; the shell's local config uses this one too. */
export const AUTH_EMULATOR_API_KEY = 'demo-key';
/** The emulator treats `Bearer owner` as an admin (service account) caller. */
const ADMIN = { authorization: 'Bearer owner' };

const STATE_DIR = join(REPO_ROOT, '.state', 'auth-emulator');

/** DEMO_USERS (`shared/src/schemas/demo-users.ts`), the list the server's seed reads too. */
export async function loadDemoUsers(): Promise<readonly DemoAccount[]> {
  return DEMO_USERS;
}

/** Writes the firebase.json the emulator runs with; it also makes `.state/auth-emulator` the project folder. */
export function writeEmulatorConfig({
  stateDir = STATE_DIR,
  port = AUTH_EMULATOR_PORT,
}: { stateDir?: string; port?: number } = {}): string {
  mkdirSync(join(stateDir, 'home', '.config'), { recursive: true });
  const configPath = join(stateDir, 'firebase.json');
  const config = {
    emulators: { auth: { host: '127.0.0.1', port }, ui: { enabled: false }, singleProjectMode: true },
  };
  writeFileSync(configPath, `${JSON.stringify(config, null, 2)}\n`);
  return configPath;
}

export async function isAuthEmulatorUp(url = AUTH_EMULATOR_URL): Promise<boolean> {
  try {
    const response = await fetch(`${url}/`, { signal: AbortSignal.timeout(1000) });
    const body = (await response.json()) as { authEmulator?: { ready?: boolean } } | null;
    return Boolean(body?.authEmulator?.ready);
  } catch {
    return false;
  }
}

export async function waitForAuthEmulator({
  url = AUTH_EMULATOR_URL,
  timeoutMs = 90_000,
  exited,
}: { url?: string; timeoutMs?: number; exited?: () => boolean } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited?.()) throw new Error('The Auth emulator exited before it was ready (see its output above).');
    if (await isAuthEmulatorUp(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`The Auth emulator did not answer on ${url} within ${timeoutMs / 1000} s.`);
}

/**
 * Spawns `firebase emulators:start --only auth` and hands back at once; `ready` settles when it answers.
 * HOME and XDG_CONFIG_HOME point under `.state/` so firebase-tools writes nothing into the user's home.
 * With `persist`, accounts are imported from and exported to `dataDir` (default `.state/auth-emulator/data`;
 * the export happens on a clean shutdown, which a second signal would cut short: `stop()` sends at most one).
 */
export function launchAuthEmulator({
  stateDir = STATE_DIR,
  port = AUTH_EMULATOR_PORT,
  persist = false,
  dataDir = join(stateDir, 'data'),
  output = 'inherit',
  timeoutMs = 90_000,
}: AuthEmulatorOptions = {}): RunningAuthEmulator {
  const url = `http://127.0.0.1:${port}`;
  const configPath = writeEmulatorConfig({ stateDir, port });
  const home = join(stateDir, 'home');
  const args = ['emulators:start', '--only', 'auth', '--project', AUTH_EMULATOR_PROJECT, '--config', configPath];
  if (persist) {
    // --import fails on a folder that holds no export yet, so the first run only exports.
    if (existsSync(join(dataDir, 'firebase-export-metadata.json'))) args.push('--import', dataDir);
    args.push('--export-on-exit', dataDir);
  }
  // Node runs firebase-tools' own entry, not the node_modules/.bin shell shim: a signal to the shim would
  // end the shim alone and leave the emulator running.
  const firebaseBin = createRequire(join(REPO_ROOT, 'package.json')).resolve('firebase-tools/lib/bin/firebase.js');
  const child = spawn(process.execPath, [firebaseBin, ...args], {
    cwd: stateDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), NO_UPDATE_NOTIFIER: '1' },
  });
  // A signal sent to the whole process group (Ctrl-C, the product launcher) reaches the emulator directly:
  // its own message tells that it is already shutting down.
  let shuttingDown = false;
  for (const [stream, target] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    stream.on('data', (chunk: Buffer) => {
      if (/clean shutdown/i.test(String(chunk))) shuttingDown = true;
      if (output === 'inherit') target.write(chunk);
    });
  }
  let exitCode: number | null = null;
  const exited = new Promise<number>((resolve) =>
    child.once('exit', (code, signal) => {
      const ended = code ?? (signal ? 1 : 0);
      exitCode = ended;
      resolve(ended);
    }),
  );
  const ready = waitForAuthEmulator({ url, timeoutMs, exited: () => exitCode !== null });
  ready.catch(() => {
    if (exitCode === null) child.kill('SIGKILL');
  });
  return {
    url,
    child,
    exited,
    ready,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (exitCode === null && !shuttingDown) child.kill(signal);
      const killLater = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killLater);
    },
  };
}

/** Starts the emulator and resolves once it answers (for test fixtures); refuses a port already taken. */
export async function startAuthEmulator(options: AuthEmulatorOptions = {}): Promise<RunningAuthEmulator> {
  const url = `http://127.0.0.1:${options.port ?? AUTH_EMULATOR_PORT}`;
  if (await isAuthEmulatorUp(url)) {
    throw new Error(`An Auth emulator already answers on ${url}; stop it first (one emulator per port).`);
  }
  const emulator = launchAuthEmulator(options);
  await emulator.ready;
  return emulator;
}

/** What the emulator's REST API answered: its status and its JSON (an empty object for none). */
interface Answer<Data> {
  ok: boolean;
  status: number;
  data: Data;
}

async function call<Data>(
  url: string,
  path: string,
  { method = 'POST', body, headers = {} }: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<Partial<Data>>> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({}))) as Partial<Data>;
  return { ok: response.ok, status: response.status, data };
}

/**
 * Creates one email/password account (name and a verified email, as a real sign-up plus confirmation
 * would leave it). An account that already exists is left as it is.
 */
export async function createEmulatorAccount(
  { email, password, displayName }: { email: string; password: string; displayName?: string },
  { url = AUTH_EMULATOR_URL }: At = {},
): Promise<{ created: boolean; uid?: string }> {
  const key = `key=${AUTH_EMULATOR_API_KEY}`;
  const signUp = await call<{ localId: string; error: { message?: string } }>(
    url,
    `/identitytoolkit.googleapis.com/v1/accounts:signUp?${key}`,
    {
      body: { email, password, displayName, returnSecureToken: true },
    },
  );
  if (!signUp.ok) {
    if (signUp.data.error?.message === 'EMAIL_EXISTS') return { created: false };
    throw new Error(`Creating ${email} in the Auth emulator failed: ${JSON.stringify(signUp.data)}`);
  }
  const update = await call(
    url,
    `/identitytoolkit.googleapis.com/v1/projects/${AUTH_EMULATOR_PROJECT}/accounts:update`,
    {
      headers: ADMIN,
      body: { localId: signUp.data.localId, emailVerified: true },
    },
  );
  if (!update.ok) throw new Error(`Verifying ${email} in the Auth emulator failed: ${JSON.stringify(update.data)}`);
  return { created: true, uid: signUp.data.localId };
}

/** Creates the DEMO_USERS accounts (the server seeds their user records from the same list). */
export async function seedDemoUsers({
  url = AUTH_EMULATOR_URL,
  users,
}: At & { users?: readonly DemoAccount[] } = {}): Promise<number> {
  const list = users ?? (await loadDemoUsers());
  for (const user of list) {
    await createEmulatorAccount({ email: user.email, password: user.password, displayName: user.userName }, { url });
  }
  return list.length;
}

/** Deletes every account. The demo accounts go too: call seedDemoUsers afterwards when a test needs them. */
export async function wipeAccounts({ url = AUTH_EMULATOR_URL }: At = {}): Promise<void> {
  const result = await call(url, `/emulator/v1/projects/${AUTH_EMULATOR_PROJECT}/accounts`, { method: 'DELETE' });
  if (!result.ok) throw new Error(`Wiping the Auth emulator's accounts failed with status ${result.status}`);
}

/** Accounts as the emulator holds them (email, displayName, providers), for tests that check what was created. */
export async function listAccounts({ url = AUTH_EMULATOR_URL }: At = {}): Promise<EmulatorAccount[]> {
  const result = await call<{ users: EmulatorAccount[] }>(
    url,
    `/identitytoolkit.googleapis.com/v1/projects/${AUTH_EMULATOR_PROJECT}/accounts:batchGet?maxResults=1000`,
    {
      method: 'GET',
      headers: ADMIN,
    },
  );
  if (!result.ok) throw new Error(`Listing the Auth emulator's accounts failed with status ${result.status}`);
  return result.data.users ?? [];
}

/**
 * The emails the emulator would have sent (password resets, address checks): each with its `email`, `requestType`
 * ("PASSWORD_RESET", "VERIFY_EMAIL") and the `oobLink` a person would follow. The README points here.
 */
export async function listOobCodes({ url = AUTH_EMULATOR_URL }: At = {}): Promise<EmulatorOobCode[]> {
  const result = await call<{ oobCodes: EmulatorOobCode[] }>(
    url,
    `/emulator/v1/projects/${AUTH_EMULATOR_PROJECT}/oobCodes`,
    { method: 'GET' },
  );
  if (!result.ok) throw new Error(`Listing the Auth emulator's emails failed with status ${result.status}`);
  return result.data.oobCodes ?? [];
}
