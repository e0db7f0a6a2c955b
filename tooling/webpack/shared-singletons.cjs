// ARCHITECTURE.md's singleton list: every package shares these once, so the auth context, the router
// context, the MUI theme and the toast container are the same objects in the shell and in each remote.

// Versions of the pinned stack; a package that does not list one (react-router comes through
// react-router-dom) still needs an explicit range, since the federation runtime compares ranges.
const PINNED = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  'react-router': '7.18.5',
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
const WITH_SUBPATHS = new Set([
  'react',
  'react-dom',
  'react-router',
  '@mui/material',
  '@mui/system',
  '@emotion/react',
  'swr',
]);

function range(name, packageJson) {
  const declared = packageJson.dependencies?.[name];
  const version = declared && /^\d/.test(declared) ? declared : PINNED[name];
  return `^${version}`;
}

function sharedSingletons(packageJson) {
  const shared = {};
  for (const name of Object.keys(PINNED)) {
    const config = { singleton: true, requiredVersion: range(name, packageJson) };
    shared[name] = config;
    if (WITH_SUBPATHS.has(name)) shared[`${name}/`] = config;
  }
  // The workspace package: its version in dependencies reads `workspace:*`, not a semver range.
  shared['@bookswap/shared/'] = { singleton: true, version: '0.1.0', requiredVersion: '^0.1.0' };
  return shared;
}

module.exports = { sharedSingletons, PINNED };
