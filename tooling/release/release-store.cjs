// Where releases and the release registry live on disk (the local default, docs/decisions/020), read and written
// by the release commands and by the shell's server. CommonJS so both the commands (TypeScript) and the static
// servers (ES modules) load it as it is.
const fs = require('node:fs');
const path = require('node:path');
const registryFile = require('@bookswap/shared/release-registry-file');
const { fileReplaced } = require('./file-reads.cjs');

const ROOT = path.resolve(__dirname, '..', '..');
/** What ships as releases: the shell, then the remotes (docs/decisions/029). The registry keeps each under `remotes`. */
const UNITS = require('@bookswap/shared/units.cjs').units.map((unit) => unit.name);
const REMOTES = UNITS.filter((unit) => unit !== 'shell');

/** `BOOKSWAP_RELEASES_DIR` (default `releases/` in the workspace) holds `<remote>/<version>/` folders. */
function releasesDir(env = process.env) {
  return path.resolve(env.BOOKSWAP_RELEASES_DIR || path.join(ROOT, 'releases'));
}

/** `BOOKSWAP_RELEASE_REGISTRY` (default `<releases>/registry.json`): the one record of what is live. */
function registryPath(env = process.env) {
  return path.resolve(env.BOOKSWAP_RELEASE_REGISTRY || path.join(releasesDir(env), 'registry.json'));
}

/** The registry as last written whole; an absent file is an empty registry (nothing promoted yet). */
function readRegistry(file = registryPath()) {
  return registryFile.readRegistryFileSync(file);
}

/** The whole registry written to a temporary file, flushed and renamed over the old one: never half a record. */
function writeRegistryAtomically(registry, file = registryPath()) {
  registryFile.writeJsonAtomicallySync(registry, file);
  fileReplaced(file);
}

/**
 * Runs `change(registry)` under the registry's lock, the one the API takes too, so two commands (or a command and
 * the API) at once cannot lose each other's change, and writes what it returns. A crashed command's lock is taken
 * over once stale.
 */
async function updateRegistry(change, file = registryPath(), options = {}) {
  const next = await registryFile.updateRegistryFile(file, change, options);
  fileReplaced(file);
  return next;
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
  registryFromText: registryFile.registryFromText,
  registryPath,
  releasesDir,
  updateRegistry,
  writeRegistryAtomically,
};
