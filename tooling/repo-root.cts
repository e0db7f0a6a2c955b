// The repository's folder, for every tooling module that reads or starts something in it. CommonJS on purpose
// (docs/decisions/059): `__dirname` is this file's folder under every loader of the tooling, whereas `import.meta`
// is lost when Playwright's test workers require an ES module through their CommonJS transform.
import { join } from 'node:path';

export const REPO_ROOT = join(__dirname, '..');
