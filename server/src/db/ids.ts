import { randomBytes } from 'node:crypto';

/** 24 hex characters, like the Mongo ObjectIds the original client read as `_id` strings. */
export function newId(): string {
  return randomBytes(12).toString('hex');
}
