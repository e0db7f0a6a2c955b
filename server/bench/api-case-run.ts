// One case of `pnpm bench:api`: autocannon against one server for a fixed time, cycling through the case's paths.
import autocannon from 'autocannon';
import { percentile, round1 } from './bench-setup';

export interface CaseResult {
  engine: string;
  name: string;
  connections: number;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export interface CaseRun {
  engine: string;
  name: string;
  /** The server's base address. */
  base: string;
  paths: string[];
  connections: number;
  seconds: number;
  /** Printed before the case's line, e.g. which of two servers answered. */
  label?: string;
  /** Sent with each request, by its number (the flood case names its clients in X-Forwarded-For, as a proxy would). */
  headersOf?: (request: number) => Record<string, string>;
}

export async function runCase({
  engine,
  name,
  base,
  paths,
  connections,
  seconds,
  label,
  headersOf,
}: CaseRun): Promise<CaseResult> {
  let next = 0;
  const latencies: number[] = [];
  const instance = autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const n = next++;
          return { ...request, path: paths[n % paths.length], ...(headersOf ? { headers: headersOf(n) } : {}) };
        },
      },
    ],
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const row: CaseResult = {
    engine,
    name,
    connections,
    requests: result.requests.total,
    requestsPerSecond: Math.round((result.requests.total / result.duration) * 10) / 10,
    p50: round1(percentile(latencies, 50)),
    p95: round1(percentile(latencies, 95)),
    p99: round1(percentile(latencies, 99)),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
  console.log(
    `  ${label ? `${label} ` : ''}${`${name} (${connections} conn.)`.padEnd(48)} ${String(row.requestsPerSecond).padStart(8)} req/s   p50 ${row.p50.toFixed(1)} ms   p95 ${row.p95.toFixed(1)} ms   p99 ${row.p99.toFixed(1)} ms${row.non2xx || row.errors ? `   (${row.non2xx} non-2xx, ${row.errors} errors)` : ''}`,
  );
  return row;
}

/** The short warm-up before the first case, so that it does not pay for cold caches alone. */
export async function warmUp(base: string, path: string): Promise<void> {
  await autocannon({ url: base, connections: 2, amount: 50, requests: [{ method: 'GET', path }] });
}
