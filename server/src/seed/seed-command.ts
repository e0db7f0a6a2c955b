// `pnpm --filter ./server seed [--reset]`: the demo data of a first start, on demand.
import { readConfig } from '../config';
import { openDatabase, pgliteDirOf } from '../db/database';
import { migrate } from '../db/migrate';
import { ImageStore } from '../images/image-store';
import { databaseIsEmpty, seedDemoData, wipeData } from './demo-data';

async function run(): Promise<void> {
  const config = readConfig();
  const reset = process.argv.includes('--reset');
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    searchPath: config.databaseSchema,
    pgliteDir: pgliteDirOf(config.dataDir),
  });
  try {
    await migrate(handle.db);
    if (reset) await wipeData(handle.db);
    if (!(await databaseIsEmpty(handle.db))) {
      console.log('The database already has data; run with --reset to replace it with the demo data.');
      return;
    }
    const seeded = await seedDemoData(handle.db, new ImageStore(config.dataDir).dir);
    console.log(`Seeded ${seeded.users} users and ${seeded.products} books.`);
  } finally {
    await handle.close();
  }
}

void run();
