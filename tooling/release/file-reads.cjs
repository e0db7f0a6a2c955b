// Files the shell's server reads on every request (the release registry, a release's config.json and page): parsed
// again only when they changed, which a stat tells, so a promote still shows on the next request.
const fs = require('node:fs');

/** Files' last parses, per parse function. */
const keptByParse = new WeakMap();

/**
 * A file modified this recently is always read again: a file system's timestamps can be as coarse as a few
 * milliseconds, so two writes of the same size in one tick look alike to a stat.
 */
const SETTLED_MS = 1_000;

/**
 * `parse(text)` of the file as it is now, reusing the last parse while the file is the same one (inode, size and
 * modification time, settled): a registry write replaces the file by a rename, a new inode. Throws as
 * `readFileSync` does (ENOENT for a missing file). The value is shared between callers: read it, never change it.
 * @template T
 * @param {string} file
 * @param {(text: string) => T} parse
 * @returns {T}
 */
function readWhenChanged(file, parse) {
  let kept = keptByParse.get(parse);
  if (!kept) keptByParse.set(parse, (kept = new Map()));
  const stat = fs.statSync(file);
  const last = kept.get(file);
  const same = last && last.ino === stat.ino && last.size === stat.size && last.mtimeMs === stat.mtimeMs;
  if (same && Date.now() - stat.mtimeMs > SETTLED_MS) return last.value;
  const value = parse(fs.readFileSync(file, 'utf8'));
  kept.set(file, { ino: stat.ino, size: stat.size, mtimeMs: stat.mtimeMs, value });
  return value;
}

module.exports = { readWhenChanged };
