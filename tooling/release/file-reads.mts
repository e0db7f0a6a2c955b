// Files the shell's server reads on every request (the release registry, a release's config.json and page): parsed
// again only when they changed, which a stat tells, so a promote still shows on the next request.
import { readFileSync, statSync, type Stats } from 'node:fs';

/** A file's last parse, and the stat it was parsed at. */
interface KeptParse {
  ino: number;
  size: number;
  mtimeMs: number;
  value: unknown;
}

/** Files' last parses, per parse function. */
const keptByParse = new WeakMap<(text: string) => unknown, Map<string, KeptParse>>();

/**
 * A file modified this recently is always read again: a file system's timestamps can be as coarse as a few
 * milliseconds, so two writes of the same size in one tick look alike to a stat.
 */
const SETTLED_MS = 1_000;

/**
 * Stats taken in this turn of the event loop, dropped at its end: one request asks for the registry and its release's
 * files several times, and requests answered in the same turn are as one moment. A write the server makes itself, or
 * any made before a later request arrives, is seen by that request (measured: a third of the shell's cached page).
 */
const statsThisTurn = new Map<string, Stats>();
function statOf(file: string): Stats {
  let stat = statsThisTurn.get(file);
  if (!stat) {
    if (statsThisTurn.size === 0) setImmediate(() => statsThisTurn.clear()).unref();
    stat = statSync(file);
    statsThisTurn.set(file, stat);
  }
  return stat;
}

/**
 * `parse(text)` of the file as it is now, reusing the last parse while the file is the same one (inode, size and
 * modification time, settled): a registry write replaces the file by a rename, a new inode. Throws as
 * `readFileSync` does (ENOENT for a missing file). The value is shared between callers: read it, never change it.
 */
export function readWhenChanged<T>(file: string, parse: (text: string) => T): T {
  let kept = keptByParse.get(parse);
  if (!kept) keptByParse.set(parse, (kept = new Map()));
  const stat = statOf(file);
  const last = kept.get(file);
  const same = last && last.ino === stat.ino && last.size === stat.size && last.mtimeMs === stat.mtimeMs;
  // Kept by this very `parse`: its value is a T.
  if (same && Date.now() - stat.mtimeMs > SETTLED_MS) return last.value as T;
  const value = parse(readFileSync(file, 'utf8'));
  kept.set(file, { ino: stat.ino, size: stat.size, mtimeMs: stat.mtimeMs, value });
  return value;
}

/** Forgets this turn's stat of `file`: this process has just replaced it, and the next read must see the new one. */
export function fileReplaced(file: string): void {
  statsThisTurn.delete(file);
}
