// A child process (execa) whose output is prefixed line by line and whose whole process tree can be stopped, and
// readiness by HTTP (wait-on). Each child leads its own process group, so `tsx`, `firebase` and `webpack`
// grandchildren go too: execa signals only the child it started, and its `cleanup` skips a detached one.
import { execa } from 'execa';
import waitOn from 'wait-on';

/** The groups still running: killed when this process exits without stopping them (a crash, process.exit). */
const running = new Set<(signal: NodeJS.Signals) => void>();
process.on('exit', () => {
  for (const signalTree of running) signalTree('SIGKILL');
});

export interface ManagedProcessOptions {
  /** The prefix of its output lines, and its name in errors. */
  label: string;
  command: string;
  args: string[];
  cwd?: string;
  /** Added to this process's environment. */
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
  onLine?: (line: string) => void;
}

export interface ManagedProcess {
  label: string;
  pid: number | undefined;
  /** Resolves when it exited; `code: 1` when it never started. */
  exit: Promise<{ code: number | null; signal: string | null }>;
  readonly exited: boolean;
  /** SIGKILL to the group at once, as a crash would (the fault drills' kill -9); resolves once it exited. */
  kill(): Promise<void>;
  /** SIGTERM to the group, SIGKILL if it is still there after the grace period. */
  stop(graceMs?: number): Promise<void>;
}

export function startManagedProcess({
  label,
  command,
  args,
  cwd,
  env,
  log = console.log,
  onLine,
}: ManagedProcessOptions): ManagedProcess {
  const child = execa(command, args, {
    cwd,
    env,
    stdin: 'ignore',
    all: true,
    buffer: false,
    reject: false,
    detached: process.platform !== 'win32',
  });

  let exited = false;
  function signalTree(signal: NodeJS.Signals) {
    if (exited || child.pid === undefined) return;
    try {
      if (process.platform === 'win32') child.kill(signal);
      else process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
  running.add(signalTree);

  const exit = child.then((result) => {
    exited = true;
    running.delete(signalTree);
    // Neither an exit code nor a signal: it never ran (no such command, no such folder).
    if (result.exitCode === undefined && result.signal === undefined) {
      log(`[${label}] failed to start: ${result.shortMessage}`);
      return { code: 1, signal: null };
    }
    return { code: result.exitCode ?? null, signal: result.signal ?? null };
  });

  void (async () => {
    try {
      for await (const line of child.iterable({ from: 'all' })) {
        log(`[${label}] ${line}`);
        onLine?.(line);
      }
    } catch {
      // The output ends with the process; how it ended is `exit`'s to tell.
    }
  })();

  return {
    label,
    pid: child.pid,
    exit,
    get exited() {
      return exited;
    },
    async kill() {
      signalTree('SIGKILL');
      await exit;
    },
    async stop(graceMs = 5000) {
      if (exited) return;
      signalTree('SIGTERM');
      const timer = setTimeout(() => signalTree('SIGKILL'), graceMs);
      await exit;
      clearTimeout(timer);
    },
  };
}

/** Waits until an HTTP URL answers a GET with 2xx; fails naming the URL when the time is up or the process died first. */
export async function waitForHttp(
  url: string,
  { timeoutMs = 60_000, process: managed }: { timeoutMs?: number; process?: ManagedProcess } = {},
): Promise<void> {
  const seconds = Math.round(timeoutMs / 1000);
  const ready = waitOn({
    // GET, as a browser asks: a HEAD is not answered by every part (the mail catcher's API).
    resources: [url.replace(/^http(s?):/, 'http$1-get:')],
    timeout: timeoutMs,
    interval: 300,
    window: 300,
    httpTimeout: 2000,
    // Loopback is never asked through an http_proxy from the environment.
    proxy: false,
  }).catch((error: unknown) => {
    const what = managed ? `${managed.label}: ${url}` : url;
    throw new Error(`${what} was not ready after ${seconds} s`, { cause: error });
  });
  if (!managed) return ready;
  const died = managed.exit.then(() => {
    throw new Error(`${managed.label} exited before ${url} was ready`);
  });
  // wait-on cannot be cancelled: after a death it polls on until its timeout, which the caller's exit cuts short.
  return Promise.race([ready, died]);
}

/** Whether an HTTP URL answers 2xx now (one request: is a part already running?). */
export async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}
