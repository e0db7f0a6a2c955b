// Where releases and the release registry live on disk (the local default, docs/decisions/020), read and written
// by the release commands and by the shell's server. CommonJS so both the commands (TypeScript) and the static
// servers (ES modules) load it as it is.
const fs = require('node:fs');
const path = require('node:path');
const { fileReplaced } = require('./file-reads.cjs');

const ROOT = path.resolve(__dirname, '..', '..');
const REMOTES = ['storefront', 'seller', 'admin', 'checkout'];
/** What ships as releases: the shell, then the remotes (docs/decisions/029). The registry keeps each under `remotes`. */
const UNITS = ['shell', ...REMOTES];

/** `BOOKSWAP_RELEASES_DIR` (default `releases/` in the workspace) holds `<remote>/<version>/` folders. */
function releasesDir(env = process.env) {
  return path.resolve(env.BOOKSWAP_RELEASES_DIR || path.join(ROOT, 'releases'));
}

/** `BOOKSWAP_RELEASE_REGISTRY` (default `<releases>/registry.json`): the one record of what is live. */
function registryPath(env = process.env) {
  return path.resolve(env.BOOKSWAP_RELEASE_REGISTRY || path.join(releasesDir(env), 'registry.json'));
}

function emptyRemote() {
  return { live: null, canary: null, history: [] };
}

function emptyRegistry() {
  return { remotes: Object.fromEntries(UNITS.map((name) => [name, emptyRemote()])) };
}

/** The registry a file's text holds, every unit present. */
function registryFromText(text) {
  const parsed = JSON.parse(text);
  const registry = emptyRegistry();
  for (const [name, entry] of Object.entries(parsed.remotes ?? {}))
    registry.remotes[name] = { ...emptyRemote(), ...entry };
  return registry;
}

/** The registry as last written whole; an absent file is an empty registry (nothing promoted yet). */
function readRegistry(file = registryPath()) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return emptyRegistry();
    throw error;
  }
  return registryFromText(text);
}

/**
 * Writes the whole registry to a temporary file, flushes it to disk, then renames it over the old one: a crash at
 * any moment leaves either the old record or the new one, never half of either.
 */
function writeRegistryAtomically(registry, file = registryPath()) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  const handle = fs.openSync(temporary, 'w');
  try {
    fs.writeSync(handle, `${JSON.stringify(registry, null, 2)}\n`);
    fs.fsyncSync(handle);
  } finally {
    fs.closeSync(handle);
  }
  fs.renameSync(temporary, file);
  fileReplaced(file);
  // The rename itself is durable only once the folder is flushed.
  const folder = fs.openSync(path.dirname(file), 'r');
  try {
    fs.fsyncSync(folder);
  } finally {
    fs.closeSync(folder);
  }
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Runs `change(registry)` under an exclusive lock file, so two commands at once cannot lose each other's change,
 * and writes what it returns. A lock older than 30 s is a crashed command's and is taken over.
 */
function updateRegistry(change, file = registryPath(), { attempts = 200 } = {}) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const lock = `${file}.lock`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      fs.closeSync(fs.openSync(lock, 'wx'));
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 30_000) fs.rmSync(lock, { force: true });
      else if (attempt >= attempts)
        throw new Error(`the release registry is locked (${lock}): another release command runs`, {
          cause: error,
        });
      else sleep(50);
    }
  }
  try {
    const next = change(readRegistry(file));
    writeRegistryAtomically(next, file);
    return next;
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/** `release.json` of one kept release, or null when that release is not kept (or not a release). */
function readRelease(remote, version, env = process.env) {
  if (!/^[\w.+-]+$/.test(version)) return null;
  try {
    return JSON.parse(fs.readFileSync(path.join(releasesDir(env), remote, version, 'release.json'), 'utf8'));
  } catch {
    return null;
  }
}

/** Every kept release of a remote, oldest build first. */
function keptReleases(remote, env = process.env) {
  const folder = path.join(releasesDir(env), remote);
  let names;
  try {
    names = fs
      .readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'));
  } catch {
    return [];
  }
  return names
    .map((entry) => readRelease(remote, entry.name, env))
    .filter((release) => release !== null)
    .sort((a, b) => a.builtAt.localeCompare(b.builtAt) || a.version.localeCompare(b.version));
}

/** `<releases>/last-build.json`: the version each remote's last `node scripts/build-all.mjs` made. */
function lastBuildPath(env = process.env) {
  return path.join(releasesDir(env), 'last-build.json');
}

function readLastBuild(env = process.env) {
  try {
    return JSON.parse(fs.readFileSync(lastBuildPath(env), 'utf8'));
  } catch {
    return {};
  }
}

module.exports = {
  REMOTES,
  UNITS,
  ROOT,
  keptReleases,
  lastBuildPath,
  readLastBuild,
  readRegistry,
  readRelease,
  registryFromText,
  registryPath,
  releasesDir,
  updateRegistry,
  writeRegistryAtomically,
};
