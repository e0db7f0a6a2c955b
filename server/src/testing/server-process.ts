import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const SERVER_DIR = path.resolve(__dirname, '..', '..');

export interface ServerProcess {
  child: ChildProcess;
  base: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base: string, child: ChildProcess, timeoutMs: number, log: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited during start-up${log()}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not become healthy${log()}`);
}

export interface SpawnOptions {
  timeoutMs: number;
  /** Keep the output for the error when it fails to start (else it goes to this process's own output). */
  captureOutput: boolean;
  /** Append the output to this file instead (a long run whose server logs would drown the report). */
  logFile?: string;
  /** This port rather than a free one: a server started again where its clients already call (the fault drill). */
  port?: number;
  /** Another checkout's `server` folder (a benchmark's baseline); this one by default. */
  serverDir?: string;
}

/**
 * The real server as its own process on a loopback port, returned once `GET /health` answers. Node runs
 * it (tsx as a loader, not as a wrapper process) so that a signal reaches the process holding the database.
 * `env` is the whole environment.
 */
export async function spawnServer(env: NodeJS.ProcessEnv, options: SpawnOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const log = options.logFile === undefined ? undefined : fs.openSync(options.logFile, 'a');
  // BOOKSWAP_SERVER_NODE_ARGS: Node's own flags for the server (a profile of it under a bench: `--cpu-prof`).
  const nodeArgs = env.BOOKSWAP_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
    cwd: options.serverDir ?? SERVER_DIR,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio:
      log !== undefined
        ? ['ignore', log, log]
        : options.captureOutput
          ? ['ignore', 'pipe', 'pipe']
          : ['ignore', 'inherit', 'inherit'],
  });
  // The child holds its own copy of the descriptor.
  if (log !== undefined) fs.closeSync(log);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(base, child, options.timeoutMs, () => (options.captureOutput ? `:\n${output}` : ''));
  } catch (error) {
    // Never leave a half-started server (and its database) behind.
    if (child.exitCode === null) child.kill('SIGKILL');
    throw error;
  }
  return { child, base };
}
