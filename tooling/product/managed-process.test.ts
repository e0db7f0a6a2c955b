import { readFileSync } from 'node:fs';
import { answers, startManagedProcess, waitForHttp, type ManagedProcess } from './managed-process.mts';

/** A server on a port of the system's choosing that prints the port, in a process the child starts (a grandchild). */
const GRANDCHILD_SERVER = `
  const { spawn } = require('node:child_process');
  const server = "require('node:http').createServer((q, s) => s.end('ok')).listen(0, '127.0.0.1', function () { console.log('listening ' + this.address().port); console.log('pid ' + process.pid); })";
  spawn(process.execPath, ['-e', server], { stdio: 'inherit' });
  setInterval(() => undefined, 1000);
`;

/** Whether a process still runs: not gone, and not a zombie waiting for this container's init to reap it. */
function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** A signalled process's group goes within moments, not at once. */
async function goneSoon(pid: number): Promise<boolean> {
  for (let attempt = 0; attempt < 50 && isRunning(pid); attempt++)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return !isRunning(pid);
}

const started: ManagedProcess[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((child) => child.stop(1000)));
});

function start(label: string, script: string, lines: string[] = []) {
  const child = startManagedProcess({
    label,
    command: process.execPath,
    args: ['-e', script],
    log: (line) => lines.push(line),
  });
  started.push(child);
  return child;
}

describe('a managed process', () => {
  it('is ready once its URL answers, and stopping it stops its whole tree and frees the port', async () => {
    const lines: string[] = [];
    const child = start('tiny', GRANDCHILD_SERVER, lines);
    const port = await new Promise<string>((resolve) => {
      const poll = setInterval(() => {
        const line = lines.find((candidate) => candidate.startsWith('[tiny] listening '));
        if (line) resolve(line.slice('[tiny] listening '.length));
        if (line) clearInterval(poll);
      }, 20);
    });
    const url = `http://127.0.0.1:${port}/`;
    await waitForHttp(url, { timeoutMs: 10_000, process: child });
    expect(await answers(url)).toBe(true);
    const grandchild = Number(lines.find((line) => line.startsWith('[tiny] pid '))?.slice('[tiny] pid '.length));

    await child.stop();
    expect(child.exited).toBe(true);
    expect(await child.exit).toEqual({ code: null, signal: 'SIGTERM' });
    expect(grandchild).toBeGreaterThan(0);
    expect(await goneSoon(child.pid ?? 0)).toBe(true);
    expect(await goneSoon(grandchild)).toBe(true);
    expect(await answers(url)).toBe(false);
  });

  it('that never answers fails after the timeout, naming itself and the URL', async () => {
    const child = start('never', 'setInterval(() => undefined, 1000)');
    await expect(waitForHttp('http://127.0.0.1:9/health', { timeoutMs: 1500, process: child })).rejects.toThrow(
      'never: http://127.0.0.1:9/health was not ready after 2 s',
    );
    expect(child.exited).toBe(false);
  });

  it('that exits before it answers fails at once, with its exit code', async () => {
    const child = start('quitter', 'process.exit(3)');
    const began = Date.now();
    await expect(waitForHttp('http://127.0.0.1:9/health', { timeoutMs: 1500, process: child })).rejects.toThrow(
      'quitter exited before http://127.0.0.1:9/health was ready',
    );
    expect(Date.now() - began).toBeLessThan(1000);
    expect(await child.exit).toEqual({ code: 3, signal: null });
  });

  it('prefixes each output line, stdout and stderr, with its label', async () => {
    const lines: string[] = [];
    const seen: string[] = [];
    const child = startManagedProcess({
      label: 'talker',
      command: process.execPath,
      args: ['-e', "console.log('one\\ntwo'); console.error('three')"],
      log: (line) => lines.push(line),
      onLine: (line) => seen.push(line),
    });
    await child.exit;
    // The output is read to its end just after the exit.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lines.sort()).toEqual(['[talker] one', '[talker] three', '[talker] two']);
    expect(seen.sort()).toEqual(['one', 'three', 'two']);
  });

  it('that cannot start says so and exits with code 1', async () => {
    const lines: string[] = [];
    const child = startManagedProcess({
      label: 'ghost',
      command: '/no/such/command',
      args: [],
      log: (line) => lines.push(line),
    });
    expect(await child.exit).toEqual({ code: 1, signal: null });
    expect(lines[0]).toMatch(/^\[ghost\] failed to start: .*ENOENT/);
  });
});
