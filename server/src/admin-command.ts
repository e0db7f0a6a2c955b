// `pnpm --filter ./server admin grant <email> [name]`: the server command that makes an admin.
import { readConfig } from './config';
import { withMigratedDatabase } from './db/migrate';
import { grantAdmin } from './services/admins';

async function run(): Promise<void> {
  const [command, email, name] = process.argv.slice(2);
  if (command !== 'grant' || !email || !/^[^@\s]+@[^@\s]+$/.test(email)) {
    console.error('usage: pnpm --filter ./server admin grant <email> [name]');
    process.exit(2);
  }
  await withMigratedDatabase(readConfig(), (db) => grantAdmin(db, email, name));
  console.log(`${email.toLowerCase()} is now an admin`);
}

void run();
