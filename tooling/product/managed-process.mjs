// A child process whose output is prefixed line by line and whose whole process tree can be stopped:
// each child leads its own process group, so `tsx`, `firebase` and `webpack` grandchildren go too.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export function startManagedProcess({ label, command, args, cwd, env, log = console.log, onLine }) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      log(`[${label}] ${line}`);
      onLine?.(line);
    });
  }
  let exited = false;
  const exit = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exited = true;
      resolve({ code, signal });
    });
    child.on('error', (error) => {
      log(`[${label}] failed to start: ${error.message}`);
      exited = true;
      resolve({ code: 1, signal: null });
    });
  });

  function signalTree(signal) {
    if (exited || child.pid === undefined) return;
    try {
      if (process.platform === 'win32') child.kill(signal);
      else process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }

  return {
    label,
    exit,
    get exited() {
      return exited;
    },
    /** SIGKILL to the group at once, as a crash would (the fault drills' kill -9); resolves once it exited. */
    async kill() {
      signalTree('SIGKILL');
      await exit;
    },
    /** SIGTERM to the group, SIGKILL if it is still there after the grace period. */
    async stop(graceMs = 5000) {
      if (exited) return;
      signalTree('SIGTERM');
      const timer = setTimeout(() => signalTree('SIGKILL'), graceMs);
      await exit;
      clearTimeout(timer);
    },
  };
}

/** Polls an HTTP URL until it answers 2xx, the process dies, or the time is up. */
export async function waitForHttp(url, { timeoutMs = 60_000, process: managed } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (managed?.exited) throw new Error(`${managed.label} exited before ${url} was ready`);
    if (await answers(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} was not ready after ${Math.round(timeoutMs / 1000)} s`);
}

export async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}
