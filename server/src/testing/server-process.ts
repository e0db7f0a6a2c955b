import { spawn, type ChildProcess } from 'node:child_process';
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

/**
 * The real server as its own process on a free loopback port, returned once `GET /health` answers. Node runs
 * it (tsx as a loader, not as a wrapper process) so that a signal reaches the process holding the database.
 * `env` is the whole environment; with `captureOutput` its output is kept for the error when it fails to start.
 */
export async function spawnServer(
  env: NodeJS.ProcessEnv,
  options: { timeoutMs: number; captureOutput: boolean },
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: options.captureOutput ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
  });
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
