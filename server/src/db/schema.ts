import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS, BOOKING_STATUSES, NOTIFICATION_KINDS } from '@bookswap/shared/schemas';

/** The key most tables have: a text id (`ids.ts` makes it). A function: each table gets builders of its own. */
const idColumn = () => ({ id: text('id').primaryKey() });
/** When the row was made, filled in by the database. */
const createdAtColumn = () => ({ createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow() });

const requiredTextColumn = (name: string) => text(name).notNull();
/**
 * Text columns a row must fill, named after their keys in snake case (`imageUrl` is `image_url`): most of a listing
 * or a booking is such text, and one line per group says so without a dozen lines alike. Keep a table's keys in its
 * columns' order: Drizzle lists the columns in that order in every statement it writes.
 */
function requiredText<const Key extends string>(...keys: Key[]): Record<Key, ReturnType<typeof requiredTextColumn>> {
  const columns = {} as Record<Key, ReturnType<typeof requiredTextColumn>>;
  for (const key of keys)
    columns[key] = requiredTextColumn(key.replace(/[A-Z]/g, (upper) => `_${upper.toLowerCase()}`));
  return columns;
}

/**
 * The database's own column names. product.md's wire names (`Year_of_use`, `addADS`, `category_id` holding
 * a product id on bookings...) are produced in one place only: `wire.ts`.
 * Indexes, constraints and extensions live in the versioned SQL migrations beside this file.
 */
export const users = pgTable('users', {
  ...idColumn(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  role: text('role', { enum: ['buyer', 'seller', 'admin'] }).notNull(),
  verified: boolean('verified').notNull().default(false),
  firebaseUid: text('firebase_uid'),
  ...createdAtColumn(),
  /** Who made this user an admin: ADMIN_EMAILS (`config`, undone when the address leaves it) or the command. */
  adminSource: text('admin_source', { enum: ['config', 'command'] }),
  /** Moved on by signing out: access tokens of an older version are refused (migration 0006). */
  sessionVersion: integer('session_version').notNull().default(0),
});

export const products = pgTable('products', {
  ...idColumn(),
  /** Null once the seller's account is deleted: such listings leave every public list. */
  sellerId: text('seller_id').references(() => users.id, { onDelete: 'set null' }),
  /** Copied from the seller's record when the book is listed, so the lists need no join. */
  ...requiredText('sellerName', 'sellerEmail'),
  sellerVerified: boolean('seller_verified').notNull().default(false),
  /** The book as its seller described it. */
  ...requiredText('title', 'author', 'categoryId', 'categoryName'),
  description: text('description').notNull().default(''),
  ...requiredText('originalPrice', 'resalePrice', 'yearsOfUse', 'condition', 'imageUrl'),
  phone: text('phone').notNull().default(''),
  pickupLocation: text('pickup_location').notNull(),
  sold: boolean('sold').notNull().default(false),
  advertised: boolean('advertised').notNull().default(false),
  reported: boolean('reported').notNull().default(false),
  hidden: boolean('hidden').notNull().default(false),
  listedAt: timestamp('listed_at', { withTimezone: true }).notNull().defaultNow(),
  searchText: text('search_text').generatedAlwaysAs(sql`lower(title || ' ' || author)`),
  /** The resale price in cents, for price filters and sorts (migration 0009); null for text that is no price. */
  resalePriceCents: integer('resale_price_cents').generatedAlwaysAs(
    sql`CASE WHEN resale_price ~ '^\d{1,7}(\.\d{1,2})?$' THEN round(resale_price::numeric * 100)::integer END`,
  ),
});

export const bookings = pgTable('bookings', {
  ...idColumn(),
  /** No foreign key: a booking keeps its copied name, image and price when the listing goes. */
  productId: text('product_id').notNull(),
  buyerId: text('buyer_id').references(() => users.id, { onDelete: 'set null' }),
  ...requiredText('buyerEmail', 'buyerName'),
  buyerUid: text('buyer_uid').notNull().default(''),
  ...requiredText('title', 'imageUrl', 'categoryName', 'price'),
  priceCents: integer('price_cents').notNull(),
  /** The buyer's phone and where they will meet the seller, given with Book Now. */
  ...requiredText('phone', 'meetingLocation', 'bookedAtText'),
  paid: boolean('paid').notNull().default(false),
  ...createdAtColumn(),
  /** Issue 21 (migration 0007): where the booking stands. */
  status: text('status', { enum: BOOKING_STATUSES }).notNull().default('waiting-for-payment'),
  /** The book's seller when it was booked, and whom the buyer meets: copied like the name, image and price. */
  sellerId: text('seller_id').references(() => users.id, { onDelete: 'set null' }),
  sellerName: text('seller_name').notNull().default(''),
  sellerPhone: text('seller_phone').notNull().default(''),
});

export const payments = pgTable('payments', {
  ...idColumn(),
  bookingId: text('booking_id')
    .notNull()
    .references(() => bookings.id),
  transactionId: text('transaction_id').notNull().unique(),
  price: text('price').notNull(),
  amountCents: integer('amount_cents').notNull(),
  ...requiredText('buyerEmail', 'productId'),
  ...createdAtColumn(),
});

export const reports = pgTable('reports', {
  ...idColumn(),
  /** No foreign key (migration 0008): an admin's deletion of the listing keeps its reports. */
  productId: text('product_id').notNull(),
  reporterId: text('reporter_id').references(() => users.id, { onDelete: 'set null' }),
  reporterUid: text('reporter_uid').notNull().default(''),
  ...requiredText('reporterName', 'productName', 'reason'),
  /** The reporter's own words for the reason Other (migration 0011); null otherwise. */
  details: text('details'),
  /** Open until the admin hides (or deletes) the product or dismisses the report; product.md §9's flag is `hidden`. */
  status: text('status', { enum: ['open', 'hidden', 'dismissed'] })
    .notNull()
    .default('open'),
  ...createdAtColumn(),
});

/** Payment intents of the local card sandbox, kept in the database so they survive a restart. */
export const sandboxIntents = pgTable('sandbox_payment_intents', {
  ...idColumn(),
  clientSecret: text('client_secret').notNull().unique(),
  idempotencyKey: text('idempotency_key').unique(),
  amountCents: integer('amount_cents').notNull(),
  ...requiredText('currency', 'bookingId'),
  status: text('status', { enum: ['requires_payment_method', 'requires_action', 'succeeded', 'canceled'] }).notNull(),
  amountRefunded: integer('amount_refunded').notNull().default(0),
  ...createdAtColumn(),
});

/** Deleting a user is a ban: these emails never get an access token nor a user record again. */
export const bannedEmails = pgTable('banned_emails', {
  email: text('email').primaryKey(),
  bannedAt: timestamp('banned_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every admin action, written in the action's own transaction; names are copied so the log outlives its targets. */
export const auditLog = pgTable('audit_log', {
  ...idColumn(),
  seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
  ...requiredText('actorId', 'actorEmail', 'actorName'),
  targetType: text('target_type', { enum: ['user', 'product', 'report'] }).notNull(),
  ...requiredText('targetId', 'targetName'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/** A charged payment given back because it could not be recorded (issue 12 item 4), kept for audit. */
export const refunds = pgTable('refunds', {
  ...idColumn(),
  transactionId: text('transaction_id').notNull().unique(),
  ...requiredText('gatewayRefundId', 'gatewayStatus', 'bookingId', 'productId', 'buyerEmail'),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  reason: text('reason', { enum: ['sold-to-someone-else', 'no-longer-available', 'booking-already-paid'] }).notNull(),
  ...createdAtColumn(),
});

/** Images uploaded through the API (`/images/<name>`), for the per-day quota and the sweeper of unused ones. */
export const uploads = pgTable('uploads', {
  name: text('name').primaryKey(),
  ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
  bytes: integer('bytes').notNull(),
  ...createdAtColumn(),
});

/**
 * Kept by the catalog triggers on `products` (db/definitions/catalog-triggers.sql), never written by the API: the
 * exact number of publicly visible listings, and a version bumped in the same transaction as every change to a
 * listing.
 */
export const catalogState = pgTable('catalog_state', {
  singleton: boolean('singleton').primaryKey().default(true),
  version: bigint('version', { mode: 'number' }).notNull(),
  /** Moves only when a list's members, order or counts may change, not on a sale or report (migration 0012). */
  shapeVersion: bigint('shape_version', { mode: 'number' }).notNull().default(0),
  visibleCount: bigint('visible_count', { mode: 'number' }).notNull(),
});

/**
 * Kept by the catalog triggers on `products` (db/definitions/catalog-triggers.sql), never written by the API: the
 * publicly visible listings counted per category, condition, verified flag and price (-1: a price that could not be
 * read), for the book list's filtered counts and facets.
 */
export const catalogFacets = pgTable('catalog_facets', {
  ...requiredText('categoryId', 'condition'),
  sellerVerified: boolean('seller_verified').notNull(),
  resalePriceCents: integer('resale_price_cents').notNull(),
  listings: bigint('listings', { mode: 'number' }).notNull(),
});

/** What a person is told (issue 21), newest first; read once opened. */
export const notifications = pgTable('notifications', {
  ...idColumn(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
  ...requiredText('title', 'body', 'link'),
  readAt: timestamp('read_at', { withTimezone: true }),
  ...createdAtColumn(),
});

/** Emails waiting for the mail worker, written in the event's own transaction (issue 21). */
export const mailOutbox = pgTable('mail_outbox', {
  ...idColumn(),
  ...requiredText('toEmail', 'subject', 'body'),
  /** The screen it concerns, a path of the app: the worker prefixes APP_URL when it sends. */
  link: text('link').notNull().default(''),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  lastError: text('last_error'),
  ...createdAtColumn(),
});

export const schema = {
  users,
  products,
  bookings,
  payments,
  reports,
  sandboxIntents,
  bannedEmails,
  auditLog,
  refunds,
  uploads,
  catalogState,
  notifications,
  mailOutbox,
};
export type UserRow = typeof users.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type MailRow = typeof mailOutbox.$inferSelect;
