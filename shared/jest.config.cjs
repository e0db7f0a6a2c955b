module.exports = { ...require('../tooling/jest.preset.cjs'), displayName: 'shared', rootDir: __dirname };
