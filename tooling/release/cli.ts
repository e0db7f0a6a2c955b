// `pnpm release <command>`: build, promote, roll back, list and prune the releases of one remote
// (README "Releasing a remote", docs/decisions/020). Exit code 0 on success, 1 when refused, 2 on a usage error.
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { buildRelease } from './build-release';
import { assertCompatible, liveShellContract } from './release-gate';
import { releaseTable } from './release-table';
import {
  REMOTES,
  keptReleases,
  readRegistry,
  readRelease,
  registryPath,
  releasesDir,
  updateRegistry,
  type RemoteName,
} from './release-store.cjs';
import {
  promoteCanary,
  promoteLive,
  ReleaseRefusal,
  rollBack,
  startRollout,
  type ChangeContext,
} from '@bookswap/shared/releases';
import { readReleaseFigures } from './release-figures';
import { releasesToDelete } from './retention';

const USAGE = `usage:
  pnpm release build <remote> [--source <package folder>]
  pnpm release promote <remote> <version> [--canary <percent> [--auto]]
  pnpm release rollback <remote> [--to <version>]
  pnpm release list [<remote>] [--json]
  pnpm release prune [--dry-run]
remote: ${REMOTES.join(', ')}`;

class UsageError extends Error {}

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  if (index < 0) return undefined;
  const value = args[index + 1];
  if (!value || value.startsWith('--')) throw new UsageError(`${name} needs a value`);
  args.splice(index, 2);
  return value;
}

function flag(args: string[], name: string): boolean {
  const index = args.indexOf(name);
  if (index >= 0) args.splice(index, 1);
  return index >= 0;
}

function remoteArg(value: string | undefined): RemoteName {
  if (!value || !(REMOTES as readonly string[]).includes(value))
    throw new UsageError(`unknown remote ${value ?? '(none)'}`);
  return value as RemoteName;
}

function keptRelease(remote: RemoteName, version: string) {
  const release = readRelease(remote, version);
  if (!release)
    throw new ReleaseRefusal(`${remote} ${version} is not a kept release (see pnpm release list ${remote})`);
  return release;
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
  const args = [...argv];
  const command = args.shift();
  switch (command) {
    case 'build': {
      const source = option(args, '--source');
      const remote = remoteArg(args[0]);
      const built = await buildRelease({ remote, source, log: (line) => console.error(line) });
      console.log(built.version);
      return;
    }
    case 'promote': {
      const canary = option(args, '--canary');
      const auto = flag(args, '--auto');
      const remote = remoteArg(args[0]);
      const version = args[1];
      if (!version) throw new UsageError('promote needs a version');
      if (auto && canary === undefined) throw new UsageError('--auto needs --canary <percent>: the step it starts at');
      assertCompatible(remote, keptRelease(remote, version), liveShellContract());
      updateRegistry((registry) =>
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
      const to = option(args, '--to');
      const remote = remoteArg(args[0]);
      if (to) assertCompatible(remote, keptRelease(remote, to), liveShellContract());
      const next = updateRegistry((registry) => rollBack(registry, remote, context(argv), to));
      console.log(`${remote} ${next.remotes[remote]?.live ?? '(none)'} is live`);
      return;
    }
    case 'list': {
      const json = flag(args, '--json');
      const remotes = args[0] ? [remoteArg(args[0])] : [...REMOTES];
      const registry = readRegistry(registryPath());
      const figures = readReleaseFigures(registryPath());
      const table = releaseTable(registry, remotes, (remote) => keptReleases(remote), figures);
      console.log(json ? JSON.stringify(table, null, 2) : table.text);
      return;
    }
    case 'prune': {
      const dryRun = flag(args, '--dry-run');
      const registry = readRegistry(registryPath());
      for (const remote of REMOTES) {
        const record = registry.remotes[remote] ?? { live: null, canary: null, history: [] };
        for (const release of releasesToDelete(keptReleases(remote), record, new Date())) {
          console.log(`${dryRun ? 'would delete' : 'deleted'} ${remote} ${release.version} (built ${release.builtAt})`);
          if (!dryRun) rmSync(join(releasesDir(), remote, release.version), { recursive: true, force: true });
        }
      }
      return;
    }
    default:
      throw new UsageError(command ? `unknown command ${command}` : 'no command');
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n${USAGE}`);
    process.exit(2);
  }
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
