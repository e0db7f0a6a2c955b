import { getHeapStatistics } from 'node:v8';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pressureBounds } from './load-pressure.mts';
import { createStaticServer } from './static-server.mts';
import { REMOTE_HELMET } from './security-headers.mts';

const MB = 1024 * 1024;

describe('the bounds a server is under pressure past', () => {
  it('by default only near a failure: a loop a second late, a heap at 90% of its limit, no resident bound', () => {
    const bounds = pressureBounds({});
    expect(bounds.maxEventLoopDelay).toBe(1_000);
    expect(bounds.maxHeapUsedBytes).toBe(Math.floor((getHeapStatistics().heap_size_limit / MB) * 0.9) * MB);
    expect(bounds.maxRssBytes).toBe(0);
  });

  it('as the deployer sets them, 0 turning one off', () => {
    const bounds = pressureBounds({
      BOOKSWAP_SERVE_EVENT_LOOP_DELAY_MS: '200',
      BOOKSWAP_SERVE_HEAP_MB: '0',
      BOOKSWAP_SHELL_MEMORY_MB: '512',
    });
    expect(bounds).toEqual({ maxEventLoopDelay: 200, maxHeapUsedBytes: 0, maxRssBytes: 512 * MB });
  });

  it('refuses no file while the process is over a bound', async () => {
    const root = mkdtempSync(join(tmpdir(), 'bookswap-pressure-'));
    mkdirSync(join(root, 'v1'));
    writeFileSync(join(root, 'v1', 'main.0123456789.js'), 'console.log("hi");\n');
    // A heap bound of one byte: over it from the first sample (@fastify/under-pressure samples every 10 ms here).
    const server = createStaticServer({
      root,
      port: 38_476,
      helmet: REMOTE_HELMET,
      pressure: { maxHeapUsedBytes: 1, sampleInterval: 10 },
    });
    try {
      await server.listen();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(server.underPressure()).toBe(true);
      expect((await fetch('http://127.0.0.1:38476/v1/main.0123456789.js')).status).toBe(200);
    } finally {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
