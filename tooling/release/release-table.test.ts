import type { ReleaseManifest } from '@bookswap/shared/releases';
import type { Registry } from './release-store.mts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReleaseFigures } from '@bookswap/shared/schemas';
import { readReleaseFigures } from './release-figures';
import { releaseTable } from './release-table';

const release = (version: string, day: number): ReleaseManifest => ({
  remote: 'seller',
  version,
  commit: `c${day}`,
  builtAt: new Date(Date.UTC(2026, 10, day)).toISOString(),
  contract: { runtime: '1.0.0', singletons: {} },
  routes: [],
});

describe('pnpm release list', () => {
  it('shows live, canary and kept releases newest first, with the history', () => {
    const registry: Registry = {
      remotes: {
        seller: {
          live: 'v2',
          canary: { version: 'v3', percent: 10 },
          history: [
            {
              at: '2026-11-02T00:00:00.000Z',
              action: 'promote',
              from: 'v1',
              to: 'v2',
              command: 'pnpm release promote seller v2',
            },
          ],
        },
      },
    };
    const table = releaseTable(registry, ['seller'], () => [release('v1', 1), release('v2', 2), release('v3', 3)]);
    expect(table.remotes.seller?.releases.map((kept) => [kept.version, kept.status])).toEqual([
      ['v3', 'canary'],
      ['v2', 'live'],
      ['v1', 'kept'],
    ]);
    expect(table.text).toContain('seller: live v2, canary v3 at 10 %');
    expect(table.text).toContain('promote v1 -> v2: pnpm release promote seller v2');
  });

  describe('with the figures the API wrote beside the registry', () => {
    const folder = mkdtempSync(join(tmpdir(), 'bookswap-figures-'));
    const registryFile = join(folder, 'registry.json');
    afterAll(() => rmSync(folder, { recursive: true, force: true }));
    const figures = (
      pageLoads: number,
      loadFailures: number,
      errorsCaught: number,
      serverRenderFailures?: number,
    ): ReleaseFigures => ({
      pageLoads,
      loadFailures,
      errorsCaught,
      serverRenderFailures,
      errorRate: (loadFailures + errorsCaught + (serverRenderFailures ?? 0)) / pageLoads,
      lcpP75: 1500,
      inpP75: 200,
    });
    const registry: Registry = {
      remotes: {
        seller: {
          live: 'v1',
          canary: { version: 'v2', percent: 10 },
          rollout: { version: 'v2', steps: [10, 50, 100], percent: 10, stepStartedAt: '2026-11-25T12:00:00.000Z' },
          history: [
            {
              at: '2026-11-25T12:05:00.000Z',
              action: 'canary-rollback',
              from: 'v3',
              to: 'v1',
              command: 'automatic rollout (API)',
              reason:
                'rolled back at 10 %: canary 50.0 % errors (1 in 2 page loads), live 0.0 % (0 in 10), limit 1.0 %',
            },
          ],
        },
      },
    };
    const now = new Date('2026-11-25T12:10:00.000Z');

    it('shows each kept release’s page loads, failures, caught errors, error rate, p75 LCP and INP, and the decisions', () => {
      writeFileSync(
        `${folder}/registry.figures.json`,
        JSON.stringify({
          writtenAt: '2026-11-25T12:09:30.000Z',
          remotes: { seller: { v1: { since: null, lastHour: figures(400, 2, 1, 1), sinceLive: figures(1000, 4, 6) } } },
        }),
      );
      const table = releaseTable(
        registry,
        ['seller'],
        () => [release('v1', 1), release('v2', 2)],
        readReleaseFigures(registryFile, now),
      );
      expect(table.figures).toEqual({ available: true, writtenAt: '2026-11-25T12:09:30.000Z' });
      expect(table.remotes.seller?.releases[1]).toMatchObject({
        version: 'v1',
        figures: { lastHour: { pageLoads: 400 } },
      });
      expect(table.remotes.seller?.releases[0]?.figures?.lastHour).toMatchObject({ pageLoads: 0, errorRate: null });
      expect(table.text).toContain('seller: live v1, canary v2 at 10 % (automatic: 10 -> 50 -> 100 %');
      expect(table.text).toContain(
        'last hour:  400 page loads, 2 load failures, 1 errors caught, 1 server render failures, error rate 1.0 %, ' +
          'LCP p75 1500 ms, INP p75 200 ms',
      );
      // An API released before it counted server renders sends none: read as none failed.
      expect(table.text).toContain(
        'since live: 1000 page loads, 4 load failures, 6 errors caught, 0 server render failures, error rate 1.0 %',
      );
      expect(table.text).toContain('rolled back at 10 %: canary 50.0 % errors (1 in 2 page loads)');
    });

    it('still lists, saying the figures are unavailable, when the API wrote none lately', () => {
      const stale = readReleaseFigures(registryFile, new Date('2026-11-25T12:20:00.000Z'));
      const table = releaseTable(registry, ['seller'], () => [release('v1', 1)], stale);
      expect(table.figures.available).toBe(false);
      expect(table.text).toMatch(/^figures unavailable: the API last wrote them at 2026-11-25T12:09:30.000Z/);
      expect(table.remotes.seller?.releases[0]).toMatchObject({ version: 'v1', status: 'live', figures: null });
      rmSync(`${folder}/registry.figures.json`);
      expect(readReleaseFigures(registryFile, now)).toMatchObject({ available: false });
    });
  });
});
