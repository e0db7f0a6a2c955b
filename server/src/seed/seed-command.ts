// `pnpm --filter ./server seed [--reset]`: the demo data of a first start, on demand.
import { readConfig } from '../config';
import { withMigratedDatabase } from '../db/migrate';
import { imageStoreFor } from '../images/image-store';
import { databaseIsEmpty, seedDemoData, wipeData } from './demo-data';

async function run(): Promise<void> {
  const config = readConfig();
  const reset = process.argv.includes('--reset');
  await withMigratedDatabase(config, async (db) => {
    if (reset) await wipeData(db);
    if (!(await databaseIsEmpty(db))) {
      console.log('The database already has data; run with --reset to replace it with the demo data.');
      return;
    }
    const seeded = await seedDemoData(db, imageStoreFor(config, db));
    console.log(`Seeded ${seeded.users} users and ${seeded.products} books.`);
  });
}

void run();
