import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, ROOT } from './release-drill';

/** What a drill asks `pnpm release build` for: a unit, and the checkout to build it from (the workspace's if none). */
export interface DrillBuild {
  unit: string;
  source?: string;
}

/** A drill's releases to build, in order; called once, when its builds start (a variant's folder is written then). */
export type DrillPlan<Builds extends readonly DrillBuild[] = readonly DrillBuild[]> = () => Builds;

type Versions<Builds extends readonly DrillBuild[]> = { [Index in keyof Builds]: string };

/** Where global setup leaves each prebuilt drill's versions; the test workers inherit it. */
const PREBUILT = 'BOOKSWAP_DRILL_BUILDS';

const running = new Set<ChildProcess>();

/**
 * One `pnpm release build`, without source maps or minifying (nobody debugs or ships a drill's release): its version.
 * In the background it runs at the lowest CPU priority, in a process group of its own so a stop ends webpack too.
 */
function buildOne({ unit, source }: DrillBuild, background: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const args = ['--import', 'tsx', CLI, 'build', unit, ...(source ? ['--source', source] : [])];
    const child = spawn(
      background ? 'nice' : process.execPath,
      background ? ['-n', '19', process.execPath, ...args] : args,
      {
        cwd: ROOT,
        env: { ...process.env, BOOKSWAP_SOURCE_MAPS: 'off', BOOKSWAP_MINIFY: 'off' },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: background,
      },
    );
    running.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => {
      running.delete(child);
      if (status === 0) resolve(stdout.trim().split('\n').at(-1) ?? '');
      else reject(new Error(`release build ${unit} failed: ${stderr.trim() || `exit ${status}`}`));
    });
  });
}

/** Runs `jobs` two at a time (a webpack build keeps about one core busy; CI has two). */
async function twoAtATime(jobs: (() => Promise<void>)[]) {
  let next = 0;
  const lane = async () => {
    while (next < jobs.length) await jobs[next++]!();
  };
  await Promise.all([lane(), lane()]);
}

/** Builds the releases two at a time and answers their versions in the order asked. */
export async function buildReleases<const Builds extends readonly DrillBuild[]>(
  builds: Builds,
): Promise<Versions<Builds>> {
  const versions = new Array<string>(builds.length);
  await twoAtATime(
    builds.map((build, index) => async () => {
      versions[index] = await buildOne(build, false);
    }),
  );
  return versions as Versions<Builds>;
}

/** Writes a drill's outcome whole, so a reader never sees half of it. */
function writeOutcome(dir: string, drill: string, outcome: { versions?: string[]; error?: string }) {
  const file = join(dir, `${drill}.json`);
  writeFileSync(`${file}.partial`, JSON.stringify(outcome));
  renameSync(`${file}.partial`, file);
}

/**
 * Global setup starts every drill's builds in the background, in the order the drills run: at the lowest CPU priority
 * they take the time the browser tests before the drills leave the cores idle (waits on polls, pages and the network),
 * where each drill's `beforeAll` used to build while nothing else ran. A build has no clock to miss, unlike a test.
 * Each drill's versions land in `<dir>/<drill>.json` when its last build ends (`drillReleases` reads them). Answers a
 * stop that ends the builds still running.
 */
export function prebuildDrills(drills: [name: string, plan: DrillPlan][], dir: string): { stop(): void } {
  process.env[PREBUILT] = dir;
  const jobs = drills.flatMap(([drill, plan]) => {
    writeFileSync(join(dir, `${drill}.queued`), '');
    const builds = plan();
    const versions = new Array<string>(builds.length);
    let left = builds.length;
    let failed = false;
    return builds.map((build, index) => async () => {
      if (failed) return;
      try {
        versions[index] = await buildOne(build, true);
        if (--left === 0) writeOutcome(dir, drill, { versions });
      } catch (error) {
        failed = true;
        writeOutcome(dir, drill, { error: (error as Error).message });
      }
    });
  });
  void twoAtATime(jobs);
  return {
    stop() {
      for (const child of running) {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Its group ended between its last output and now.
        }
      }
    },
  };
}

/**
 * A drill's release versions: the ones global setup built in the background (waiting for them if they are not done),
 * or, when it did not (the drill's spec was not in the run it planned for), built now.
 */
export async function drillReleases<const Builds extends readonly DrillBuild[]>(
  drill: string,
  plan: DrillPlan<Builds>,
): Promise<Versions<Builds>> {
  const dir = process.env[PREBUILT];
  if (!dir || !existsSync(join(dir, `${drill}.queued`))) return buildReleases(plan());
  const file = join(dir, `${drill}.json`);
  while (!existsSync(file)) await new Promise((resolve) => setTimeout(resolve, 250));
  const outcome = JSON.parse(readFileSync(file, 'utf8')) as { versions?: string[]; error?: string };
  if (!outcome.versions) throw new Error(outcome.error ?? `no versions for the ${drill} drill`);
  return outcome.versions as Versions<Builds>;
}
