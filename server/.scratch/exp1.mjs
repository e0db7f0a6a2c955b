import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
const dir = process.argv[2];
let t = Date.now();
const db = await PGlite.create(dir, { extensions: { pg_trgm } });
console.log('create', Date.now() - t); t = Date.now();
await db.exec('create extension if not exists pg_trgm; create table if not exists t(id serial primary key, v text)');
console.log('ext', Date.now() - t); t = Date.now();
if (process.argv[3] === 'write') {
  for (let i = 0; i < 5; i++) await db.query('insert into t(v) values ($1)', ['x' + i]);
  console.log('written', Date.now() - t);
  process.kill(process.pid, 'SIGKILL');
}
console.log((await db.query('select count(*) from t')).rows);
t = Date.now();
const dump = await db.dumpDataDir('none');
console.log('dump', Date.now() - t, dump.size); t = Date.now();
const db2 = await PGlite.create({ loadDataDir: dump, extensions: { pg_trgm } });
console.log('load', Date.now() - t, (await db2.query('select count(*) from t')).rows); t = Date.now();
const db3 = await db.clone();
console.log('clone', Date.now() - t);
console.log(process.memoryUsage().rss / 1e6); process.exit(0);
