import { and, count, eq, isNull, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { firstRow } from '../db/first-row';
import { newId } from '../db/ids';
import { insertFromJson, type RowsOwnedBy } from '../db/insert-from-json';
import { notifications, type NotificationRow } from '../db/schema';
import { newestOfOwner } from './row-statements';

/** The notifications table (migration 0007): what a person is told, newest first, read once opened. */

export type { NotificationRow };
export type NewNotification = Pick<NotificationRow, 'userId' | 'kind' | 'title' | 'body' | 'link'>;

/**
 * The insert of new notifications, each with its id (unread, made now): sent alone, or inside another statement's
 * `WITH` (`ownedBy`: only those of the rows that statement wrote).
 */
export const notificationsInsert = (rows: NewNotification[], ownedBy?: RowsOwnedBy): SQL =>
  insertFromJson(
    notifications,
    ['id', 'userId', 'kind', 'title', 'body', 'link'],
    rows.map((row) => ({ id: newId(), ...row })),
    ownedBy,
  );

export async function insertNotifications(db: Queryable, rows: NewNotification[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(notificationsInsert(rows));
}

/** A person's newest `limit` notifications, newest first. */
export function notificationsOf(db: Queryable, userId: string, limit: number): Promise<NotificationRow[]> {
  return newestOfOwner(db, notifications, { owner: notifications.userId, ownerId: userId, limit });
}

export async function countUnread(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

export function notificationById(db: Queryable, id: string): Promise<NotificationRow | undefined> {
  return firstRow(db.select().from(notifications).where(eq(notifications.id, id)));
}

/** Marks the unread notifications that `which` picks read; answers how many changed. */
async function markRead(db: Queryable, which: SQL): Promise<number> {
  const changed = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(which, isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return changed.length;
}

/** Marks an unread notification read; answers how many changed. */
export const markNotificationRead = (db: Queryable, id: string) => markRead(db, eq(notifications.id, id));

/** Marks every unread notification of a person read; answers how many changed. */
export const markAllNotificationsRead = (db: Queryable, userId: string) =>
  markRead(db, eq(notifications.userId, userId));
