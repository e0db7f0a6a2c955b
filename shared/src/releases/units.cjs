// The units (shell and remotes) for code run by plain Node: units.json read as text, neither required nor imported.
// Under Node 20's module hooks (Playwright's test runner registers them), a JSON module imported from an ES module,
// or required by a CommonJS module an ES module imported, is cached with no file name, and Playwright then fails to
// load every test file that imports the JSON as well (release-units.ts does).
const fs = require('node:fs');
const path = require('node:path');

/** @type {{ units: { name: string; folder: string; port: number }[] }} */
const { units } = JSON.parse(fs.readFileSync(path.join(__dirname, 'units.json'), 'utf8'));

module.exports = { units };
