// The server as it was at another commit, for `BENCH_BASELINE=<ref> pnpm bench:api` (and bench:load): a git
// worktree of that commit with the server's dependencies installed from the local pnpm store. bench:api's two
// servers must answer from the same tables, so there a baseline whose migrations differ from this tree's is refused
// rather than measured.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './bench-setup';

export interface BaselineTree {
  /** The commit the ref named, in full. */
  commit: string;
  /** The worktree's `server` folder, where its server starts. */
  serverDir: string;
  remove(): void;
}

const git = (args: string[], cwd = REPO_ROOT) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

/** pnpm as it runs this script (`npm_execpath`), so the worktree installs with the pinned version. */
function pnpm(args: string[], cwd: string): void {
  const execPath = process.env.npm_execpath;
  if (!execPath)
    throw new Error('BENCH_BASELINE needs the benchmark started through pnpm (pnpm bench:api, pnpm bench:load)');
  // pnpm ships as a native program now, as a script for Node before.
  const viaNode = /\.[cm]?js$/.test(execPath);
  execFileSync(viaNode ? process.execPath : execPath, viaNode ? [execPath, ...args] : args, { cwd, stdio: 'inherit' });
}

export function checkOutBaseline(
  ref: string,
  options: { sameMigrations: boolean; whole?: boolean } = { sameMigrations: true },
): BaselineTree {
  const commit = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  // Comment lines aside (-I), since the tables are the same whatever a migration's comments say.
  const diffMigrations = ['diff', '--quiet', '-I^[[:space:]]*--', commit, '--', 'server/src/db/migrations'];
  if (options.sameMigrations && spawnSync('git', diffMigrations, { cwd: REPO_ROOT }).status !== 0)
    throw new Error(
      `BENCH_BASELINE=${ref}: its migrations differ from this tree's, so the two servers would not read the same tables`,
    );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookswap-baseline-'));
  // Readable by all, as a clone is: the throwaway PostgreSQL runs as its own user and starts in the bench's folder.
  fs.chmodSync(dir, 0o755);
  git(['worktree', 'add', '--detach', dir, commit]);
  const remove = () => {
    git(['worktree', 'remove', '--force', dir]);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    // The server and what it imports (or, `whole`, every package, to build the front ends), from the local store:
    // this repo's own install already put the packages there.
    const only = options.whole ? [] : ['--filter', './server...'];
    pnpm(['install', '--frozen-lockfile', '--prefer-offline', ...only], dir);
  } catch (error) {
    remove();
    throw error;
  }
  return { commit, serverDir: path.join(dir, 'server'), remove };
}
