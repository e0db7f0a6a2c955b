module.exports = { ...require('../tooling/jest.preset.cjs'), displayName: 'contract', rootDir: __dirname };
