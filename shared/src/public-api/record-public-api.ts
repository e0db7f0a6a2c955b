// `pnpm shared:api`: records @bookswap/shared's public API beside its version (shared/public-api.json), after
// checking that the version moved as the changes need (docs/decisions/020). The test public-api.test.ts fails
// until the record matches the source.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiChanges, versionShortfall } from './api-version-rule';
import { describePublicApi, type PublicApi } from './describe-public-api';

const SHARED_DIR = join(__dirname, '..', '..');
const RECORD = join(SHARED_DIR, 'public-api.json');
const { version } = JSON.parse(readFileSync(join(SHARED_DIR, 'package.json'), 'utf8')) as { version: string };
const recorded = JSON.parse(readFileSync(RECORD, 'utf8')) as { version: string; api: PublicApi };
const api = describePublicApi();
const shortfall = versionShortfall(recorded.version, version, apiChanges(recorded.api, api));
if (shortfall) {
  console.error(`Not recorded: ${shortfall}. Move shared/package.json's version first.`);
  process.exit(1);
}
writeFileSync(RECORD, `${JSON.stringify({ version, api }, null, 2)}\n`);
console.log(`recorded the public API of @bookswap/shared ${version}`);
