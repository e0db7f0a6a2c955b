// `pnpm shared:api`: records the public API of each recorded workspace package (the runtime contract and the
// libraries) beside its version (<package>/public-api.json), after checking that the version moved as the changes
// need (docs/decisions/020) and that the contract stays small (docs/decisions/028). public-api.test.ts fails until
// each record matches the source.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiChanges, versionShortfall } from './api-version-rule';
import {
  CONTRACT_RUNTIME_NAMES_LIMIT,
  countRuntimeNames,
  describePublicApi,
  packageDir,
  RECORDED_PACKAGES,
  type PublicApi,
} from './describe-public-api';

let failed = false;
for (const name of RECORDED_PACKAGES) {
  const record = join(packageDir(name), 'public-api.json');
  const { version } = JSON.parse(readFileSync(join(packageDir(name), 'package.json'), 'utf8')) as { version: string };
  const { api, runtimeNames } = describePublicApi(name);
  // A package's first record starts its history: nothing to compare it with.
  const recorded = existsSync(record)
    ? (JSON.parse(readFileSync(record, 'utf8')) as { version: string; api: PublicApi })
    : null;
  const shortfall = recorded && versionShortfall(recorded.version, version, apiChanges(recorded.api, api));
  const count = countRuntimeNames(runtimeNames);
  if (shortfall) {
    console.error(`@bookswap/${name} not recorded: ${shortfall}. Move ${name}/package.json's version first.`);
    failed = true;
  } else if (name === 'contract' && count > CONTRACT_RUNTIME_NAMES_LIMIT) {
    console.error(`@bookswap/contract exports ${count} names at run time, over ${CONTRACT_RUNTIME_NAMES_LIMIT}.`);
    failed = true;
  } else {
    writeFileSync(record, `${JSON.stringify({ version, runtimeNames: count, api }, null, 2)}\n`);
    console.log(`recorded the public API of @bookswap/${name} ${version}: ${count} names at run time`);
  }
}
if (failed) process.exit(1);
