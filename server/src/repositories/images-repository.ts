import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';

/** The images table (migration 0005): the bytes of each stored image with its sniffed type, shared by every instance. */

export async function insertImage(
  db: Queryable,
  image: { name: string; type: string; ownerId?: string; bytes: Uint8Array },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO images (name, type, owner_id, bytes) VALUES (${image.name}, ${image.type}, ${image.ownerId ?? null}, ${Buffer.from(image.bytes)})`,
  );
}

/** Keeps an image under a fixed name (the demo covers); an existing one stays. */
export async function insertImageIfMissing(
  db: Queryable,
  name: string,
  type: string,
  bytes: Uint8Array,
): Promise<void> {
  await db.execute(
    sql`INSERT INTO images (name, type, bytes) VALUES (${name}, ${type}, ${Buffer.from(bytes)}) ON CONFLICT (name) DO NOTHING`,
  );
}

export async function deleteImage(db: Queryable, name: string): Promise<void> {
  await db.execute(sql`DELETE FROM images WHERE name = ${name}`);
}

export async function imageBytes(db: Queryable, name: string, type: string): Promise<Buffer | undefined> {
  const result = (await db.execute(
    sql`SELECT bytes FROM images WHERE name = ${name} AND type = ${type}`,
  )) as unknown as {
    rows: { bytes: Uint8Array }[];
  };
  const row = result.rows[0];
  return row ? Buffer.from(row.bytes) : undefined;
}

export async function imageExists(db: Queryable, name: string, type: string): Promise<boolean> {
  const result = (await db.execute(sql`SELECT 1 FROM images WHERE name = ${name} AND type = ${type}`)) as unknown as {
    rows: unknown[];
  };
  return result.rows.length > 0;
}
