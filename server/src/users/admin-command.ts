// `pnpm --filter ./server admin grant <email> [name]`: the server command that makes an admin.
import { readConfig } from '../config';
import { openDatabase, pgliteDirOf } from '../db/database';
import { migrate } from '../db/migrate';
import { grantAdmin } from './admins';

async function run(): Promise<void> {
  const [command, email, name] = process.argv.slice(2);
  if (command !== 'grant' || !email || !/^[^@\s]+@[^@\s]+$/.test(email)) {
    console.error('usage: pnpm --filter ./server admin grant <email> [name]');
    process.exit(2);
  }
  const config = readConfig();
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    searchPath: config.databaseSchema,
    pgliteDir: pgliteDirOf(config.dataDir),
  });
  try {
    await migrate(handle.db);
    await grantAdmin(handle.db, email, name);
    console.log(`${email.toLowerCase()} is now an admin`);
  } finally {
    await handle.close();
  }
}

void run();
