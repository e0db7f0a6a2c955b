import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import {
  bookingMessages,
  bookings,
  bookingThreadReaders,
  products,
  reports,
  reviews,
  users,
  type UserRow,
} from '../db/schema';

/** The bulk statements of the demo data (seed/demo-data.ts): rows made whole by the seed, written as they are. */

export type DemoUser = typeof users.$inferInsert;
export type DemoListing = typeof products.$inferInsert & { id: string };
export type DemoBooking = typeof bookings.$inferInsert;
export type DemoReport = typeof reports.$inferInsert;
export type DemoMessage = typeof bookingMessages.$inferInsert;
export type DemoThreadReader = typeof bookingThreadReaders.$inferInsert;
export type DemoReview = typeof reviews.$inferInsert;

export function insertDemoUsers(tx: Queryable, rows: DemoUser[]): Promise<UserRow[]> {
  return tx.insert(users).values(rows).returning();
}

export async function insertDemoListings(tx: Queryable, rows: DemoListing[]): Promise<void> {
  await tx.insert(products).values(rows);
}

export async function insertDemoBooking(tx: Queryable, row: DemoBooking): Promise<void> {
  await tx.insert(bookings).values(row);
}

/** A thread's messages and its parties' unread counts. */
export async function insertDemoThread(
  tx: Queryable,
  messages: DemoMessage[],
  readers: DemoThreadReader[],
): Promise<void> {
  await tx.insert(bookingMessages).values(messages);
  await tx.insert(bookingThreadReaders).values(readers);
}

export async function insertDemoReviews(tx: Queryable, rows: DemoReview[]): Promise<void> {
  await tx.insert(reviews).values(rows);
}

export async function insertDemoReport(tx: Queryable, row: DemoReport): Promise<void> {
  await tx.insert(reports).values(row);
}

/** Sold or reported listings leave the ads, as the API's own changes take them out. */
export async function markDemoListing(
  tx: Queryable,
  id: string,
  change: { sold?: true; reported?: true },
): Promise<void> {
  await tx
    .update(products)
    .set({ ...change, advertised: false })
    .where(eq(products.id, id));
}

/** Empties every table, for `seed --reset`. */
export async function wipeAllTables(db: Queryable): Promise<void> {
  await db.execute(
    sql`TRUNCATE review_reminders, reviews, saved_search_matches, new_listing_alerts, saved_searches, booking_message_reports, booking_thread_readers, booking_messages, notifications, mail_outbox, payments, bookings, booking_day_counts, reports, products, users, sandbox_payment_intents, refunds, audit_log, banned_emails, uploads, images, rate_limit_counters`,
  );
}
