// The load balancer in front of the cluster's shell servers and API instances (docs/deploy.md), as HAProxy's
// configuration text. Pure, so that a test can read what a request meets without starting HAProxy.

/** A public port and the ports of the servers behind it. */
export interface BalancedPort {
  port: number;
  servers: number[];
}

export interface Topology {
  /** the shell's public port and its servers' ports */
  shell: BalancedPort;
  /** the API's public port and its instances' ports */
  api: BalancedPort;
  /** HAProxy's own page of server states */
  statsPort?: number;
  /** where everything listens (loopback here) */
  host?: string;
}

export function haproxyConfig({ shell, api, statsPort, host = '127.0.0.1' }: Topology): string {
  const backend = (name: string, servers: number[], healthPath: string): string[] => [
    `backend ${name}`,
    '  balance roundrobin',
    // Every half second; down after two misses, up again after one answer: a killed instance (its connections
    // refused) leaves the rotation within a second, a restarted one joins as soon as it answers. A busy one may take
    // up to 2 s to answer its check: with the check's timeout at the half second, both instances of a loaded
    // cluster were once taken out together and every call met HAProxy's 503 (bench:cluster).
    `  option httpchk GET ${healthPath}`,
    '  timeout check 2s',
    '  default-server inter 500 fall 2 rise 1',
    ...servers.map((port, i) => `  server ${name}-${i + 1} ${host}:${port} check`),
    '',
  ];
  return [
    'global',
    '  maxconn 4096',
    '',
    'defaults',
    '  mode http',
    '  timeout connect 1s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-keep-alive 10s',
    // A request whose connection was refused never reached an instance: sending it to the other one is safe for
    // a booking or a payment too. A request an instance took and then died on is not retried (it may have
    // written): the client sees the error, inside the fault's window.
    '  retries 3',
    '  retry-on conn-failure',
    '  option redispatch 1',
    // The API's rate limits count the real client (TRUST_PROXY on the instances), not the balancer.
    '  option forwardfor',
    '',
    'frontend shell',
    `  bind ${host}:${shell.port}`,
    '  default_backend shell_servers',
    '',
    'frontend api',
    `  bind ${host}:${api.port}`,
    '  default_backend api_instances',
    '',
    ...backend('shell_servers', shell.servers, '/remotes.json'),
    ...backend('api_instances', api.servers, '/health'),
    ...(statsPort
      ? ['frontend stats', `  bind ${host}:${statsPort}`, '  stats enable', '  stats uri /', '  stats refresh 2s', '']
      : []),
  ].join('\n');
}
