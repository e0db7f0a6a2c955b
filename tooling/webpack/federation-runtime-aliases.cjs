// The federation runtime's packages ship as ES modules and as CommonJS. The bundler runtime imports them and the
// shell's external-runtime plugin requires them, so the shell's entry carried both formats: two runtime-core
// instances and 21 KiB gzip more (pnpm bench:bundle). Pointing every import and require at the ES module keeps one.
const fs = require('node:fs');
const path = require('node:path');

// Ordered so each one is found beside the package before it (pnpm links only declared dependencies).
const RUNTIME_PACKAGES = [
  '@module-federation/runtime-tools',
  '@module-federation/runtime',
  '@module-federation/webpack-bundler-runtime',
  '@module-federation/runtime-core',
  '@module-federation/sdk',
  '@module-federation/error-codes',
];

/** The package folder of `name` as seen from any of `fromDirs`. */
function packageFolder(name, fromDirs) {
  for (const from of fromDirs) {
    try {
      const entry = require.resolve(name, { paths: [from] });
      const marker = `${path.sep}node_modules${path.sep}${name.split('/').join(path.sep)}${path.sep}`;
      return entry.slice(0, entry.lastIndexOf(marker) + marker.length - 1);
    } catch {
      // not linked beside this one; try the next
    }
  }
  throw new Error(`${name} is not installed beside @module-federation/enhanced`);
}

/** webpack `resolve.alias` entries: each runtime package's `.` export to its ES module build. */
function federationRuntimeAliases(packageDir) {
  const enhancedEntry = require.resolve('@module-federation/enhanced/webpack', { paths: [packageDir] });
  const fromDirs = [enhancedEntry];
  const aliases = {};
  for (const name of RUNTIME_PACKAGES) {
    const folder = packageFolder(name, fromDirs);
    const { exports } = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8'));
    aliases[`${name}$`] = path.join(folder, exports['.'].import.default);
    fromDirs.push(path.join(folder, 'package.json'));
  }
  return aliases;
}

module.exports = { federationRuntimeAliases };
