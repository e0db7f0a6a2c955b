// The singleton list of docs/architecture.md: every package shares these once, so the auth context, the router
// context, the MUI theme and the toast container are the same objects in the shell and in each remote; and the
// libraries, shared by version range (docs/decisions/028).

const fs = require('node:fs');
const path = require('node:path');

/**
 * A workspace package's version as the building package links it (`@bookswap/contract`, `@bookswap/shared`): each has
 * its own semver, checked against its recorded public API (`pnpm shared:api`, docs/decisions/020 and 028).
 */
function workspaceVersionFor(packageDir, name) {
  const linked = packageDir && path.join(packageDir, 'node_modules', ...name.split('/'), 'package.json');
  const folder = name.replace('@bookswap/', '');
  const file = linked && fs.existsSync(linked) ? linked : path.join(__dirname, '..', '..', folder, 'package.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')).version;
}

/**
 * docs/decisions/028: what is shared, and how.
 * - The runtime contract (`@bookswap/contract/*`) is the one instance every part must see: a singleton.
 * - The libraries of `@bookswap/shared` are bundled into each package that imports them, tree-shaken to what it
 *   uses: no share key, so no version of theirs can strand a release. `BOOKSWAP_LIBRARIES=shared` shares them
 *   without `singleton` under their range instead (measurement only: `pnpm bench:bundle` compares the two; the
 *   bundled form was smaller on every measured route).
 * - Build and server code (`releases`, `testing`, `demo-users`) is no shared key: bundled and tree-shaken where a
 *   browser package imports a part of it, absent everywhere else.
 */
const CONTRACT_ENTRIES = ['auth', 'routing', 'config'];
const LIBRARY_ENTRIES = [
  'api',
  'schemas',
  'catalog-rules',
  'booking-rules',
  'ui',
  'ui/tables',
  'ui/confirmation',
  'ui/form-fields',
  'ui/booking-thread',
  'ui/reviews',
];

// Versions of the pinned stack; a package that does not list one still needs an explicit range, since the
// federation runtime compares ranges. `react-router` is not shared by itself: it lives inside the one
// `react-router-dom` the shell provides (its router kit, docs/decisions/011).
const PINNED = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  'react-router-dom': '7.18.5',
  swr: '2.5.1',
  '@mui/material': '9.5.0',
  '@mui/system': '9.5.0',
  '@emotion/react': '11.14.0',
  '@emotion/styled': '11.14.1',
  'react-toastify': '11.2.0',
};

// Packages imported by subpath too (react/jsx-runtime, react-dom/client, @mui/material/Button): a key
// ending in `/` shares every subpath under its own name.
const WITH_SUBPATHS = new Set(['react', 'react-dom', '@mui/material', '@mui/system', '@emotion/react', 'swr']);

function range(name, packageJson) {
  const declared = packageJson.dependencies?.[name];
  const version = declared && /^\d/.test(declared) ? declared : PINNED[name];
  return `^${version}`;
}

/**
 * What the first screens (`/`, `/booklist`, and the public layout around them) use: the shell bundles these
 * into its own entry file (`eager`), so a visitor downloads them in one file instead of one chunk each, and
 * the storefront finds them already loaded. Everything else stays a lazy chunk of its own (docs/decisions/009, 060).
 * `pnpm bench:bundle` lists any shared module a first screen still loads late.
 */
const FIRST_SCREEN = [
  // Whole families (a key ending in `/` covers every subpath): an eager module may only import eager ones.
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router-dom',
  'swr',
  'swr/',
  // Not react-toastify: it comes with the first notice (docs/decisions/038).
  '@emotion/react',
  '@emotion/react/',
  '@emotion/styled',
  '@mui/system',
  '@mui/system/',
  '@mui/material/styles',
  '@mui/material/Alert',
  '@mui/material/AlertTitle',
  '@mui/material/AppBar',
  '@mui/material/Avatar',
  '@mui/material/Box',
  '@mui/material/Button',
  '@mui/material/Card',
  '@mui/material/CardActions',
  '@mui/material/CardContent',
  '@mui/material/Checkbox',
  '@mui/material/Chip',
  '@mui/material/CircularProgress',
  '@mui/material/Container',
  '@mui/material/CssBaseline',
  '@mui/material/FormControl',
  // The book list's filters render on the first screen of /booklist.
  '@mui/material/FormControlLabel',
  '@mui/material/FormHelperText',
  '@mui/material/FormLabel',
  '@mui/material/Grid',
  '@mui/material/IconButton',
  '@mui/material/InputLabel',
  '@mui/material/LinearProgress',
  '@mui/material/NativeSelect',
  '@mui/material/OutlinedInput',
  '@mui/material/Stack',
  // The home page's ads placeholder and the details skeleton render before any data.
  '@mui/material/Skeleton',
  '@mui/material/SvgIcon',
  '@mui/material/Toolbar',
  '@mui/material/Typography',
  // The top bar picks its phone form on every page.
  '@mui/material/useMediaQuery',
  // The book list's pager (pages from 1, previous and next) renders on the first screen of /booklist.
  '@mui/material/usePagination',
  '@bookswap/shared/api',
  '@bookswap/contract/auth',
  // Every book card asks it whether the signed-in buyer holds an open booking (decision 024); zod-free and small.
  '@bookswap/shared/booking-rules',
  '@bookswap/shared/catalog-rules',
  '@bookswap/contract/config',
  // The shell checks each release's contract before it loads a remote (docs/decisions/020).
  '@bookswap/shared/releases',
  '@bookswap/contract/routing',
  '@bookswap/shared/ui',
];

/** The libraries' share config: none (bundled), or shared by range without `singleton` (measurement). */
function librariesShared(packageDir) {
  if (process.env.BOOKSWAP_LIBRARIES !== 'shared') return {};
  const version = workspaceVersionFor(packageDir, '@bookswap/shared');
  const config = { singleton: false, version, requiredVersion: `^${version}` };
  return Object.fromEntries(LIBRARY_ENTRIES.map((entry) => [`@bookswap/shared/${entry}`, config]));
}

/**
 * @param {object} packageJson  the building package's package.json (its dependency ranges)
 * @param {{ eager?: string[], routerKit?: string, packageDir?: string }} [options]  keys the build bundles into its
 *   entry file (the shell: FIRST_SCREEN), the module it provides as `react-router-dom` (the shell's router kit), and
 *   the building package's folder (whose linked workspace packages give their versions)
 */
function sharedSingletons(packageJson, { eager = [], routerKit, packageDir } = {}) {
  const shared = {};
  for (const name of Object.keys(PINNED)) {
    const config = { singleton: true, requiredVersion: range(name, packageJson) };
    shared[name] = config;
    if (WITH_SUBPATHS.has(name)) shared[`${name}/`] = config;
  }
  // The workspace packages: their versions in dependencies read `workspace:*`, not a semver range.
  const contractVersion = workspaceVersionFor(packageDir, '@bookswap/contract');
  shared['@bookswap/contract/'] = { singleton: true, version: contractVersion, requiredVersion: `^${contractVersion}` };
  Object.assign(shared, librariesShared(packageDir));
  for (const key of eager) {
    const family = Object.keys(PINNED).find((name) => key.startsWith(`${name}/`));
    const base = key.startsWith('@bookswap/contract/')
      ? shared['@bookswap/contract/']
      : key.startsWith('@bookswap/shared/')
        ? shared[key]
        : (shared[key] ?? (family && shared[`${family}/`]));
    // A bundled library has no share key to make eager: the entry holds what the first screens use of it already.
    if (!base && key.startsWith('@bookswap/shared/')) continue;
    if (!base) throw new Error(`FIRST_SCREEN names ${key}, which is not shared`);
    shared[key] = { ...base, eager: true };
  }
  // The shell provides its router kit under the package's key and version (docs/decisions/011); `react-router`
  // itself is no shared key, so it is bundled inside the kit and tree-shaken there.
  if (routerKit)
    shared['react-router-dom'] = {
      ...shared['react-router-dom'],
      import: routerKit,
      version: PINNED['react-router-dom'],
    };
  return shared;
}

/**
 * Whether a request names a module of the share scope's singletons (a pinned package, a subpath of one shared by its
 * subpaths, or the runtime contract): what a remote's render entry takes from the shell's render on the server, as a
 * remote takes it from the shell in the browser (docs/decisions/037). `react-router`, inside the shell's router kit in
 * the browser, is the shell's on the server too.
 */
function isSharedSingleton(request) {
  if (request === 'react-router' || request.startsWith('@bookswap/contract/')) return true;
  return Object.keys(PINNED).some(
    (name) => request === name || (WITH_SUBPATHS.has(name) && request.startsWith(`${name}/`)),
  );
}

module.exports = {
  isSharedSingleton,
  sharedSingletons,
  workspaceVersionFor,
  PINNED,
  FIRST_SCREEN,
  CONTRACT_ENTRIES,
  LIBRARY_ENTRIES,
};
