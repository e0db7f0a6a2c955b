import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { countedRoutes, type Registry, type ReleaseManifest, type RouteFacts } from '@bookswap/shared/releases';
import { TELEMETRY_UNITS, type TelemetryUnit } from '@bookswap/shared/schemas';
import type { ReleaseSettings } from '../../config';
import { registryStoreOf } from './registry-store';

/** What a remote served without a release (a development server, the browser tests' builds) reports as version. */
export const UNRELEASED = 'unreleased';

/**
 * The releases release health counts (docs/decisions/025): per unit, the versions the registry names as live,
 * canary or rolling out and the releases kept on disk, and the route patterns of the route table and of those
 * releases. `fromRegistry` says whether a registry was read: without one, nothing may be deleted as pruned.
 */
export interface KnownReleases {
  versions: ReadonlyMap<TelemetryUnit, ReadonlySet<string>>;
  routes: ReadonlySet<string>;
  fromRegistry: boolean;
  /** When each unit's rollout step began, for a unit with a rollout: the window one address's share is counted in. */
  stepStarts?: ReadonlyMap<TelemetryUnit, string>;
}

/** Kept releases are listed again this often (and whenever the registry changed), not for every batch. */
const FRESH_FOR_MS = 5000;

async function keptVersions(releasesDir: string, unit: TelemetryUnit): Promise<string[]> {
  try {
    const entries = await readdir(path.join(releasesDir, unit), { withFileTypes: true });
    return entries.filter((entry) => entry.isDirectory() && !entry.name.startsWith('.')).map((entry) => entry.name);
  } catch {
    return [];
  }
}

/**
 * The registry and the kept releases, read at most every FRESH_FOR_MS. A release's routes are read once: a
 * release never changes after it is built.
 */
export class ReleaseCatalog {
  private known: KnownReleases | null = null;
  private readAt = 0;
  private registryRead = '';
  private reading: Promise<KnownReleases> | null = null;
  private readonly routesOf = new Map<string, readonly RouteFacts[]>();

  constructor(private readonly settings: Pick<ReleaseSettings, 'registryFile' | 'registryDatabase' | 'releasesDir'>) {}

  async current(now = Date.now()): Promise<KnownReleases> {
    // A promote or a rollback rewrites the registry (a rename): counted from the next batch on.
    // In PostgreSQL (no file to look at), at most FRESH_FOR_MS late.
    const registryNow = this.settings.registryDatabase
      ? 'database'
      : await stat(this.settings.registryFile).then(
          (file) => `${file.ino}:${file.mtimeMs}:${file.size}`,
          () => 'absent',
        );
    if (this.known && registryNow === this.registryRead && now - this.readAt < FRESH_FOR_MS) return this.known;
    this.reading ??= this.read().finally(() => {
      this.reading = null;
    });
    const known = await this.reading;
    this.known = known;
    this.readAt = now;
    this.registryRead = registryNow;
    return known;
  }

  private async read(): Promise<KnownReleases> {
    const { releasesDir } = this.settings;
    let fromRegistry = true;
    const registry = await registryStoreOf(this.settings)
      .read({ history: false })
      .catch((): Registry => {
        fromRegistry = false;
        return { remotes: {} };
      });
    const versions = new Map<TelemetryUnit, Set<string>>();
    const stepStarts = new Map<TelemetryUnit, string>();
    const released: (readonly RouteFacts[])[] = [];
    for (const unit of TELEMETRY_UNITS) {
      const record = registry.remotes[unit];
      const named = [record?.live, record?.canary?.version, record?.rollout?.version].filter(
        (version): version is string => typeof version === 'string',
      );
      if (record?.rollout) stepStarts.set(unit, new Date(record.rollout.stepStartedAt).toISOString());
      const kept = await keptVersions(releasesDir, unit);
      for (const version of kept) released.push(await this.releaseRoutes(releasesDir, unit, version));
      versions.set(unit, new Set([UNRELEASED, ...named, ...kept]));
    }
    return { versions, routes: countedRoutes(released), fromRegistry, stepStarts };
  }

  private async releaseRoutes(releasesDir: string, unit: TelemetryUnit, version: string) {
    const id = `${unit}/${version}`;
    let routes = this.routesOf.get(id);
    if (!routes) {
      try {
        const text = await readFile(path.join(releasesDir, unit, version, 'release.json'), 'utf8');
        routes = (JSON.parse(text) as Partial<ReleaseManifest>).routes ?? [];
      } catch {
        routes = [];
      }
      this.routesOf.set(id, routes);
    }
    return routes;
  }
}
