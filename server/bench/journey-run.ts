// What every buyer-journey bench (bench:load, bench:telemetry) sets up and takes down: PostgreSQL, a schema of the
// run's own filled with listings and buyers, the API server on it; and the report file each one writes.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseHandle } from '../src/db/database';
import {
  benchPostgres,
  createBenchSchema,
  dropBenchSchema,
  startBenchServer,
  stopBenchServer,
  type ClusterSettings,
} from './bench-setup';
import { prepareBenchData, RATE_LIMITS, type Buyer } from './buyer-journey';

export interface JourneyRunSettings {
  /** The bench's command, for the error without PostgreSQL, e.g. `bench:load`. */
  command: string;
  /** The throwaway cluster used when DATABASE_URL is not set; its `dir` also names the run's data folder. */
  cluster: ClusterSettings;
  /** The listings and buyers to make; `seconds`, how long the buyers run (their tokens last an hour more). */
  sizes: { listings: number; buyers: number; seconds: number };
  /** Added to the server's environment, after the raised rate limits. */
  env: NodeJS.ProcessEnv;
}

export interface JourneyRun {
  /** The run's database, open in its schema, for the checks after the run. */
  handle: DatabaseHandle;
  /** The JWT secret the server runs with, for tokens of other callers (bench:load's seller). */
  secret: string;
  /** Buyers with access tokens the server accepts. */
  buyers: Buyer[];
  /** The API server's base URL, and as a URL. */
  base: string;
  target: URL;
}

/**
 * Prepares the run, hands it to `run`, and always takes it down again: the server stopped, the database closed, the
 * schema dropped, the cluster stopped, the data folder removed.
 */
export async function withJourneyRun(settings: JourneyRunSettings, run: (journey: JourneyRun) => Promise<void>) {
  const postgres = benchPostgres(true, settings.cluster);
  const databaseUrl = postgres.databaseUrl;
  if (!databaseUrl)
    throw new Error(`${settings.command} runs on PostgreSQL: set DATABASE_URL or install Debian’s postgresql`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${settings.cluster.dir.replace(/-postgres$/, '')}-`));
  let schema: string | undefined;
  let child: ChildProcess | undefined;
  let handle: DatabaseHandle | undefined;
  try {
    schema = await createBenchSchema(databaseUrl);
    console.log(`postgres: preparing ${settings.sizes.listings} listings and ${settings.sizes.buyers} buyers`);
    const prepared = await prepareBenchData(databaseUrl, schema, settings.sizes);
    handle = prepared.handle;
    const server = await startBenchServer({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      JWT_SECRET: prepared.secret,
      ...RATE_LIMITS,
      ...settings.env,
    });
    child = server.child;
    await run({
      handle,
      secret: prepared.secret,
      buyers: prepared.buyers,
      base: server.base,
      target: new URL(server.base),
    });
  } finally {
    await stopBenchServer(child);
    await handle?.close();
    if (schema) await dropBenchSchema(databaseUrl, schema).catch(() => undefined);
    postgres.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Writes the run's report (`reports/*.json`), stamped with when and on what machine it ran. */
export function writeBenchReport<T extends object>(file: string, report: T): T & { when: string; machine: object } {
  const stamped = {
    when: new Date().toISOString(),
    machine: { cpus: os.cpus().length, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
    ...report,
  };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(stamped, null, 2));
  return stamped;
}
