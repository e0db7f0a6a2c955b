// The release registry as a file (docs/decisions/020, the local and single-host default), one implementation for all
// who change it: the release commands, the API (its automatic rollout and the admin Releases calls) and the cluster
// launcher. Node only, never in a browser bundle (its own subpath, @bookswap/shared/release-registry-file). CommonJS,
// so the shell's servers load it in plain Node as they load registry-database.cjs.
const fs = require('node:fs');
const path = require('node:path');
const lockfile = require('proper-lockfile');
const writeFileAtomic = require('write-file-atomic');

const UNITS = require('./units.cjs').units.map((unit) => unit.name);

/**
 * A lock whose holder stopped refreshing it this long ago is a crashed process's and is taken over. Every writer
 * must use the same value (proper-lockfile's one limit), which this module being the only one ensures.
 */
const STALE_LOCK_MS = 30_000;
/** How long a change waits for another's lock before it gives up: 200 tries, 50 ms apart. */
const LOCK_RETRIES = 200;
const LOCK_RETRY_MS = 50;

const emptyRecord = () => ({ live: null, canary: null, history: [] });

function emptyRegistry() {
  return { remotes: Object.fromEntries(UNITS.map((unit) => [unit, emptyRecord()])) };
}

/** The registry a file's text holds, every unit present. */
function registryFromText(text) {
  const parsed = JSON.parse(text);
  const registry = emptyRegistry();
  for (const [name, record] of Object.entries(parsed.remotes ?? {})) registry.remotes[name] = { ...emptyRecord(), ...record };
  return registry;
}

/** The registry as last written whole; an absent file is an empty registry (nothing promoted yet). */
async function readRegistryFile(file) {
  try {
    return registryFromText(await fs.promises.readFile(file, 'utf8'));
  } catch (error) {
    if (error.code === 'ENOENT') return emptyRegistry();
    throw error;
  }
}

/** As `readRegistryFile`, for the shell's servers, which answer each request from the file as it is now. */
function readRegistryFileSync(file) {
  try {
    return registryFromText(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    if (error.code === 'ENOENT') return emptyRegistry();
    throw error;
  }
}

const jsonText = (value) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * Writes the whole value to a temporary file beside `file`, flushed, and renames it over the old one: a reader sees
 * the old record or the new one, never half of either, and so does whoever reads after a crash.
 */
async function writeJsonAtomically(value, file) {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, jsonText(value));
}

function writeJsonAtomicallySync(value, file) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  writeFileAtomic.sync(file, jsonText(value));
}

/**
 * Runs `change(registry)` under the registry's lock (`<file>.lock`, kept fresh while held), so writers in several
 * processes at once never lose each other's change, and writes what it returns; returning the registry it was given
 * writes nothing (a decision that found the rollout changed meanwhile). Errors from `change` leave the file as it
 * was. Asynchronous: the API must not block its event loop while another holds the lock.
 */
async function updateRegistryFile(file, change, { retries = LOCK_RETRIES } = {}) {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  let lost = null;
  let release;
  try {
    release = await lockfile.lock(file, {
      // The registry may not exist yet: lock its path as given.
      realpath: false,
      stale: STALE_LOCK_MS,
      retries: { retries, factor: 1, minTimeout: LOCK_RETRY_MS, maxTimeout: LOCK_RETRY_MS },
      // proper-lockfile's default throws from a timer, which would end the API; refuse the write instead.
      onCompromised: (error) => {
        lost = error;
      },
    });
  } catch (error) {
    if (error.code !== 'ELOCKED') throw error;
    throw new Error(`the release registry is locked (${file}.lock): another release command or the API changes it`, {
      cause: error,
    });
  }
  try {
    const before = await readRegistryFile(file);
    const next = change(before);
    if (lost) throw new Error(`the release registry's lock was lost (${file}.lock); nothing written`, { cause: lost });
    if (next !== before) await writeJsonAtomically(next, file);
    return next;
  } finally {
    if (!lost) await release();
  }
}

/** The file registry as a store, alike to the PostgreSQL one (`databaseRegistryStore`): the whole record each read. */
function fileRegistryStore(file) {
  return { read: () => readRegistryFile(file), update: (change) => updateRegistryFile(file, change) };
}

module.exports = {
  fileRegistryStore,
  readRegistryFile,
  readRegistryFileSync,
  registryFromText,
  updateRegistryFile,
  writeJsonAtomically,
  writeJsonAtomicallySync,
};
