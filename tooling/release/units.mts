// The units (shell and remotes) for the tooling, read through @bookswap/shared/units.cjs: neither an import of the
// JSON (units.cjs says why) nor of @bookswap/shared/releases, whose named exports an ES module cannot take from a
// CommonJS module under Playwright's loader.
import { createRequire } from 'node:module';
import type { Unit } from '@bookswap/shared/releases';

// JSON gives names as strings: shared/src/releases/release-units.test.ts holds them to the contract's route owners.
export const UNITS = (createRequire(import.meta.url)('@bookswap/shared/units.cjs') as { units: readonly Unit[] }).units;
