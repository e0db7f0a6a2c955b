import { randomBytes } from 'node:crypto';

const ID_BYTES = 12;
/** Ids drawn from one read of random bytes: a read costs about as much for 256 ids as for one. */
const IDS_A_READ = 256;
let drawn = Buffer.alloc(0);
let next = 0;

/** 24 hex characters, like the Mongo ObjectIds the original client read as `_id` strings. */
export function newId(): string {
  if (next >= drawn.length) {
    drawn = randomBytes(ID_BYTES * IDS_A_READ);
    next = 0;
  }
  const id = drawn.toString('hex', next, next + ID_BYTES);
  next += ID_BYTES;
  return id;
}
