// One Jest run over every package, so `npm test` gets one count for unit, component and API tests.
// The screens write dates in the reader's zone and name it: one fixed zone keeps their texts the same on
// every machine.
process.env.TZ = 'UTC';
const { units } = require('@bookswap/shared/units.cjs');

module.exports = {
  projects: ['contract', 'shared', ...units.map((unit) => unit.folder), 'server', 'tooling'].map(
    (folder) => `<rootDir>/${folder}`,
  ),
};
