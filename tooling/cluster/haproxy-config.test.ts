import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { haproxyConfig } from './haproxy-config.mts';
import { findHaproxy } from './launch-cluster.mts';

const config = haproxyConfig({
  shell: { port: 3000, servers: [3101, 3102] },
  api: { port: 5000, servers: [5101, 5102] },
  statsPort: 8404,
});

/** The lines of one section (`backend api_instances`), trimmed. */
function section(name: string): string[] {
  const lines = config.split('\n');
  const start = lines.indexOf(name);
  const end = lines.findIndex((line, i) => i > start && line.trim() === '');
  return lines.slice(start + 1, end).map((line) => line.trim());
}

describe('the cluster’s load balancer', () => {
  it('sends the shell’s and the API’s public ports to every instance, each health-checked', () => {
    expect(section('frontend shell')).toContain('bind 127.0.0.1:3000');
    expect(section('frontend api')).toContain('bind 127.0.0.1:5000');
    expect(section('backend api_instances')).toEqual(
      expect.arrayContaining([
        'option httpchk GET /health',
        'server api_instances-1 127.0.0.1:5101 check',
        'server api_instances-2 127.0.0.1:5102 check',
      ]),
    );
    expect(section('backend shell_servers')).toEqual(
      expect.arrayContaining([
        'option httpchk GET /remotes.json',
        'server shell_servers-1 127.0.0.1:3101 check',
        'server shell_servers-2 127.0.0.1:3102 check',
      ]),
    );
  });

  it('retries on another instance only a request whose connection was refused, never one an instance took', () => {
    // A booking an instance took and died on may be written: sending it again could book twice.
    const retries = section('defaults').filter((line) => line.startsWith('retry-on'));
    expect(retries).toEqual(['retry-on conn-failure']);
    expect(section('defaults')).toContain('option redispatch 1');
  });

  it('keeps a busy instance in the rotation: its health check may take 2 s, a refused connection counts at once', () => {
    for (const backend of ['backend api_instances', 'backend shell_servers']) {
      expect(section(backend)).toEqual(
        expect.arrayContaining(['timeout check 2s', 'default-server inter 500 fall 2 rise 1']),
      );
    }
  });

  it('names the real client to the API, whose rate limits count it', () => {
    expect(section('defaults')).toContain('option forwardfor');
  });

  // HAProxy is installed by `pnpm cluster`, not by CI: without it, this one case has nothing to run.
  const haproxy = findHaproxy();
  (haproxy ? it : it.skip)('is a configuration HAProxy accepts (haproxy -c)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'haproxy-config-'));
    try {
      writeFileSync(join(folder, 'haproxy.cfg'), config);
      expect(execFileSync(haproxy!, ['-c', '-f', join(folder, 'haproxy.cfg')], { encoding: 'utf8' })).toMatch(
        /Configuration file is valid/,
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
