// One Jest run over every package, so `npm test` gets one count for unit, component and API tests.
// The screens write dates in the reader's zone and name it: one fixed zone keeps their texts the same on
// every machine.
process.env.TZ = 'UTC';
module.exports = {
  projects: [
    '<rootDir>/contract',
    '<rootDir>/shared',
    '<rootDir>/shell',
    '<rootDir>/remote-storefront',
    '<rootDir>/remote-seller',
    '<rootDir>/remote-admin',
    '<rootDir>/remote-checkout',
    '<rootDir>/server',
    '<rootDir>/tooling',
  ],
};
