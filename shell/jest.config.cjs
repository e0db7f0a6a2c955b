module.exports = { ...require('../tooling/jest.preset.cjs'), displayName: 'shell', rootDir: __dirname };
