import os from 'node:os';
import path from 'node:path';
import { diskGuard, statfsProbe } from './disk-guard';

describe('the free-space probe', () => {
  it('reads the disk of a data folder that does not exist yet from its nearest parent', async () => {
    const free = await statfsProbe(path.join(os.tmpdir(), 'bookswap-not-created-yet', 'deeper'));
    expect(free).toBeGreaterThan(0);
  });
});

describe('the disk guard', () => {
  it('refuses uploads when the disk is low, and other writes only when the database is on that disk', async () => {
    const low = async () => 1;
    const onDisk = diskGuard({ dir: '/data', minFreeBytes: 100, databaseOnDisk: true, probe: low });
    const elsewhere = diskGuard({ dir: '/data', minFreeBytes: 100, databaseOnDisk: false, probe: low });
    await expect(onDisk.refuses('upload')).resolves.toBe(true);
    await expect(onDisk.refuses('write')).resolves.toBe(true);
    await expect(elsewhere.refuses('upload')).resolves.toBe(true);
    await expect(elsewhere.refuses('write')).resolves.toBe(false);
  });

  it('lets writes through when the probe itself fails, and probes at most once per interval', async () => {
    const probe = jest.fn(async () => {
      throw new Error('statfs failed');
    });
    const guard = diskGuard({ dir: '/data', minFreeBytes: 100, databaseOnDisk: true, probe, cacheMs: 60_000 });
    await expect(guard.refuses('write')).resolves.toBe(false);
    await expect(guard.refuses('upload')).resolves.toBe(false);
    expect(probe).toHaveBeenCalledTimes(1);
  });
});
