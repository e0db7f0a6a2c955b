// `pnpm release <command>`: build, promote, roll back, list and prune the releases of the shell and each remote, one
// at a time or as a release set (README "Releasing", docs/decisions/020 and 029). Exit code 0 on success, 1 when
// refused, 2 on a usage error.
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { buildRelease } from './build-release';
import { releaseTable } from './release-table';
import { UNITS, keptReleases, readRelease, registryPath, releasesDir, type ReleaseUnit } from './release-store.mts';
import { openRegistryStore } from './registry-store.mts';
import {
  promoteCanary,
  promoteLive,
  promoteSet,
  refuseStranded,
  ReleaseRefusal,
  rollBack,
  rollBackSet,
  startRollout,
  type ChangeContext,
  type KeptReleases,
  type Registry,
} from '@bookswap/shared/releases';
import { readReleaseFigures } from './release-figures';
import { releasesToDelete } from './retention';

const USAGE = `usage:
  pnpm release build <unit> [--source <package folder>]
  pnpm release promote <unit> <version> [--canary <percent> [--auto]]
  pnpm release promote --set <unit>=<version> <unit>=<version> ... [--canary <percent>]
  pnpm release rollback <unit> [--to <version>]
  pnpm release rollback --set
  pnpm release list [<unit>] [--json]
  pnpm release prune [--dry-run]
unit: ${UNITS.join(', ')}`;

class UsageError extends Error {}

type CommandOptions = NonNullable<ParseArgsConfig['options']>;

/** What parseArgs refused, said as this command says it: the flag, and what is wrong with it. */
function argumentProblem(command: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const message = error instanceof Error ? error.message : String(error);
  const name = /'(-[^' ]+)/.exec(message)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${name} for pnpm release ${command}`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
    return /does not take an argument/.test(message) ? `${name} takes no value` : `${name} needs a value`;
  return message;
}

/** The command's own flags and its positionals; any other flag is a usage error. */
function commandArgs<const Options extends CommandOptions>(command: string, args: string[], options: Options) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(argumentProblem(command, error));
  }
}

function remoteArg(value: string | undefined): ReleaseUnit {
  if (!value || !(UNITS as readonly string[]).includes(value))
    throw new UsageError(`unknown release unit ${value ?? '(none)'}`);
  return value as ReleaseUnit;
}

function keptRelease(remote: ReleaseUnit, version: string) {
  const release = readRelease(remote, version);
  if (!release)
    throw new ReleaseRefusal(`${remote} ${version} is not a kept release (see pnpm release list ${remote})`);
  return release;
}

const KEPT: KeptReleases = {
  release: (unit, version) => readRelease(unit, version),
  newest: (unit) => keptReleases(unit).at(-1)?.version ?? null,
};

/** `shell=<version> seller=<version> ...`: each member kept, each unit once. */
function setMembers(args: string[]): Record<string, string> {
  const members: Record<string, string> = {};
  for (const arg of args) {
    const [unit, version] = arg.split('=');
    if (!version) throw new UsageError(`--set takes <unit>=<version> pairs, not ${arg}`);
    const name = remoteArg(unit);
    if (members[name]) throw new UsageError(`${name} is twice in the set`);
    keptRelease(name, version);
    members[name] = version;
  }
  if (Object.keys(members).length < 2) throw new UsageError('--set needs two members or more');
  return members;
}

/** The registry file, or PostgreSQL when RELEASE_REGISTRY_DATABASE_URL names it (docs/decisions/061). */
const store = openRegistryStore();

/** The registry change, written only when every combination of releases a browser may get after it fits. */
function changeRegistry(what: string, change: (registry: Registry) => Registry): Promise<Registry> {
  return store.update((registry) => refuseStranded(registry, change(registry), KEPT, what));
}

function context(argv: string[]): ChangeContext {
  let by = 'unknown';
  try {
    by = userInfo().username;
  } catch {
    // no user database entry (a container): the command line still says what was done
  }
  return { command: `pnpm release ${argv.join(' ')} (by ${by})`, now: new Date() };
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'build': {
      const { values, positionals } = commandArgs(command, rest, { source: { type: 'string' } });
      const source = values.source;
      const remote = remoteArg(positionals[0]);
      const built = await buildRelease({ remote, source, log: (line) => console.error(line) });
      console.log(built.version);
      return;
    }
    case 'promote': {
      const { values, positionals } = commandArgs(command, rest, {
        canary: { type: 'string' },
        auto: { type: 'boolean', default: false },
        set: { type: 'boolean', default: false },
      });
      const { canary, auto } = values;
      if (values.set) {
        if (auto)
          throw new UsageError('--auto moves one unit on by its own figures: a set moves with promote and rollback');
        const members = setMembers(positionals);
        const percent = canary === undefined ? undefined : Number(canary);
        const described = Object.entries(members)
          .map(([unit, version]) => `${unit} ${version}`)
          .join(', ');
        await changeRegistry(`the set ${described}`, (registry) =>
          promoteSet(registry, members, context(argv), percent),
        );
        console.log(
          percent === undefined
            ? `the set is live: ${described}`
            : `the set is the canary for ${percent} % (each browser gets all of it or none): ${described}`,
        );
        return;
      }
      const remote = remoteArg(positionals[0]);
      const version = positionals[1];
      if (!version) throw new UsageError('promote needs a version');
      if (auto && canary === undefined) throw new UsageError('--auto needs --canary <percent>: the step it starts at');
      keptRelease(remote, version);
      await changeRegistry(`${remote} ${version}`, (registry) =>
        canary === undefined
          ? promoteLive(registry, remote, version, context(argv))
          : (auto ? startRollout : promoteCanary)(registry, remote, version, Number(canary), context(argv)),
      );
      console.log(
        canary === undefined
          ? `${remote} ${version} is live`
          : `${remote} ${version} is the canary for ${canary} %` +
              (auto
                ? "; the API moves it on by itself while its error rate is not worse than live's, or rolls it back (see pnpm release list)"
                : ''),
      );
      return;
    }
    case 'rollback': {
      const { values, positionals } = commandArgs(command, rest, {
        to: { type: 'string' },
        set: { type: 'boolean', default: false },
      });
      if (values.set) {
        const next = await changeRegistry('the rollback of the last set', (registry) =>
          rollBackSet(registry, context(argv)),
        );
        const live = UNITS.map((unit) => `${unit} ${next.remotes[unit]?.live ?? '(none)'}`).join(', ');
        console.log(`the last set is rolled back; live: ${live}`);
        return;
      }
      const to = values.to;
      const remote = remoteArg(positionals[0]);
      if (to) keptRelease(remote, to);
      const next = await changeRegistry(`${remote} ${to ?? 'rollback'}`, (registry) =>
        rollBack(registry, remote, context(argv), to),
      );
      console.log(`${remote} ${next.remotes[remote]?.live ?? '(none)'} is live`);
      return;
    }
    case 'list': {
      const { values, positionals } = commandArgs(command, rest, { json: { type: 'boolean', default: false } });
      const json = values.json;
      const remotes = positionals[0] ? [remoteArg(positionals[0])] : [...UNITS];
      const registry = await store.read();
      const figures = readReleaseFigures(registryPath());
      const table = releaseTable(registry, remotes, (remote) => keptReleases(remote), figures);
      console.log(json ? JSON.stringify(table, null, 2) : table.text);
      return;
    }
    case 'prune': {
      const dryRun = commandArgs(command, rest, { 'dry-run': { type: 'boolean', default: false } }).values['dry-run'];
      const registry = await store.read();
      for (const remote of UNITS) {
        const record = registry.remotes[remote] ?? { live: null, canary: null, history: [] };
        for (const release of releasesToDelete(keptReleases(remote), record, new Date())) {
          console.log(`${dryRun ? 'would delete' : 'deleted'} ${remote} ${release.version} (built ${release.builtAt})`);
          if (!dryRun) rmSync(join(releasesDir(), remote, release.version), { recursive: true, force: true });
        }
      }
      return;
    }
    case '--help':
    case 'help':
      console.log(USAGE);
      return;
    default:
      throw new UsageError(command ? `unknown command ${command}` : 'no command');
  }
}

main(process.argv.slice(2))
  .then(() => store.close())
  .catch((error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${USAGE}`);
      process.exit(2);
    }
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
