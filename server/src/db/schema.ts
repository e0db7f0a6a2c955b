import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  BOOKING_STATUSES,
  NOTIFICATION_KINDS,
  REVIEW_PARTIES,
} from '@bookswap/shared/schemas';

/**
 * The database's own column names. product.md's wire names (`Year_of_use`, `addADS`, `category_id` holding
 * a product id on bookings...) are produced in one place only: `wire.ts`.
 * The versioned SQL migrations beside this file make the database; this file says what they made, constraints
 * and indexes under the names the migrations gave them, and migrations-match-schema.test.ts fails when the two
 * disagree. Ids are text made by `ids.ts`; `created_at` is filled in by the database.
 */

/**
 * A text column's CHECK (column IN (...)) as PostgreSQL prints it back, which is what drizzle-kit compares: the
 * values come from the same list the column's type is made of, so the list and the database cannot drift apart.
 */
function oneOf(column: string, values: readonly string[]): SQL {
  return sql.raw(`${column} = ANY (ARRAY[${values.map((value) => `'${value}'::text`).join(', ')}])`);
}

const USER_ROLES = ['buyer', 'seller', 'admin'] as const;
const ADMIN_SOURCES = ['config', 'command'] as const;
const REPORT_STATUSES = ['open', 'hidden', 'dismissed'] as const;
const SANDBOX_INTENT_STATUSES = ['requires_payment_method', 'requires_action', 'succeeded', 'canceled'] as const;
const REFUND_REASONS = ['sold-to-someone-else', 'no-longer-available', 'booking-already-paid'] as const;

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique('users_email_key'),
    name: text('name').notNull(),
    role: text('role', { enum: USER_ROLES }).notNull(),
    verified: boolean('verified').notNull().default(false),
    firebaseUid: text('firebase_uid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who made this user an admin: ADMIN_EMAILS (`config`, undone when the address leaves it) or the command. */
    adminSource: text('admin_source', { enum: ADMIN_SOURCES }),
    /** Moved on by signing out: access tokens of an older version are refused (migration 0006). */
    sessionVersion: integer('session_version').notNull().default(0),
    /** Signed out of every device then: ID tokens of an earlier sign-in are not traded any more (migration 0016). */
    signedOutEverywhereAt: timestamp('signed_out_everywhere_at', { withTimezone: true }),
  },
  (table) => [
    check('users_role_check', oneOf('role', USER_ROLES)),
    check('users_admin_source_check', oneOf('admin_source', ADMIN_SOURCES)),
    index('users_role_idx').on(table.role, table.createdAt),
  ],
);

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    /** Null once the seller's account is deleted: such listings leave every public list. */
    sellerId: text('seller_id'),
    /** Copied from the seller's record when the book is listed, so the lists need no join. */
    sellerName: text('seller_name').notNull(),
    sellerEmail: text('seller_email').notNull(),
    sellerVerified: boolean('seller_verified').notNull().default(false),
    /** The book as its seller described it. */
    title: text('title').notNull(),
    author: text('author').notNull(),
    categoryId: text('category_id').notNull(),
    categoryName: text('category_name').notNull(),
    description: text('description').notNull().default(''),
    originalPrice: text('original_price').notNull(),
    resalePrice: text('resale_price').notNull(),
    yearsOfUse: text('years_of_use').notNull(),
    condition: text('condition').notNull(),
    imageUrl: text('image_url').notNull(),
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
  },
  (table) => [
    foreignKey({ name: 'products_seller_id_fkey', columns: [table.sellerId], foreignColumns: [users.id] }).onDelete(
      'set null',
    ),
    // The public lists (migrations 0001 and 0009): publicly visible listings, as `publiclyVisible()`.
    index('products_public_order_idx')
      .on(table.listedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`NOT hidden AND seller_id IS NOT NULL`),
    index('products_public_cheapest_idx')
      .on(table.resalePriceCents.asc().nullsLast(), table.listedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`NOT hidden AND seller_id IS NOT NULL`),
    index('products_public_dearest_idx')
      .on(table.resalePriceCents.desc().nullsLast(), table.listedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`NOT hidden AND seller_id IS NOT NULL`),
    index('products_category_idx').on(table.categoryId, table.listedAt.desc().nullsFirst()),
    index('products_seller_idx').on(table.sellerId),
    index('products_ads_idx')
      .on(table.listedAt.desc().nullsFirst())
      .where(sql`advertised AND NOT sold AND NOT hidden`),
    // pg_trgm's operator class (migration 0001): the search word's matches.
    index('products_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    id: text('id').primaryKey(),
    /** No foreign key: a booking keeps its copied name, image and price when the listing goes. */
    productId: text('product_id').notNull(),
    buyerId: text('buyer_id'),
    buyerEmail: text('buyer_email').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerUid: text('buyer_uid').notNull().default(''),
    title: text('title').notNull(),
    imageUrl: text('image_url').notNull(),
    categoryName: text('category_name').notNull(),
    price: text('price').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** The buyer's phone and where they will meet the seller, given with Book Now. */
    phone: text('phone').notNull(),
    meetingLocation: text('meeting_location').notNull(),
    bookedAtText: text('booked_at_text').notNull(),
    paid: boolean('paid').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Where the booking stands (migration 0007). */
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('waiting-for-payment'),
    /** The book's seller when it was booked, and whom the buyer meets: copied like the name, image and price. */
    sellerId: text('seller_id'),
    sellerName: text('seller_name').notNull().default(''),
    sellerPhone: text('seller_phone').notNull().default(''),
    /** When the buyer cancelled it (migration 0017): the rebooking cool-down counts from here. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the seller marked it handed over (migration 0022): the reviews' window counts from here. */
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
  },
  (table) => [
    foreignKey({ name: 'bookings_buyer_id_fkey', columns: [table.buyerId], foreignColumns: [users.id] }).onDelete(
      'set null',
    ),
    foreignKey({ name: 'bookings_seller_id_fkey', columns: [table.sellerId], foreignColumns: [users.id] }).onDelete(
      'set null',
    ),
    check('bookings_price_cents_check', sql`price_cents >= 0`),
    check('bookings_status_check', oneOf('status', BOOKING_STATUSES)),
    index('bookings_buyer_idx').on(table.buyerEmail, table.createdAt),
    index('bookings_product_idx').on(table.productId),
    index('bookings_seller_idx').on(table.sellerId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('bookings_handed_over_idx')
      .on(table.handedOverAt)
      .where(sql`status = 'handed-over'::text`),
    // bookings-repository.ts recognises a second booking waiting for payment by this index's name.
    uniqueIndex('bookings_one_open_per_buyer_idx')
      .on(table.productId, table.buyerEmail)
      .where(sql`status = 'waiting-for-payment'::text`),
  ],
);

/**
 * BOOKINGS_PER_DAY (migration 0027, decision 046): how many bookings a buyer made on a calendar day (UTC), cancelled
 * ones included. A new booking claims its place here in its own statement, under this row's lock.
 */
export const bookingDayCounts = pgTable(
  'booking_day_counts',
  {
    buyerEmail: text('buyer_email').notNull(),
    day: date('day').notNull(),
    bookings: integer('bookings').notNull(),
  },
  (table) => [
    primaryKey({ name: 'booking_day_counts_pkey', columns: [table.buyerEmail, table.day] }),
    check('booking_day_counts_bookings_check', sql`bookings > 0`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    bookingId: text('booking_id').notNull(),
    transactionId: text('transaction_id').notNull().unique('payments_transaction_id_key'),
    price: text('price').notNull(),
    amountCents: integer('amount_cents').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    productId: text('product_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ name: 'payments_booking_id_fkey', columns: [table.bookingId], foreignColumns: [bookings.id] }),
    uniqueIndex('payments_one_per_booking_idx').on(table.bookingId),
  ],
);

export const reports = pgTable(
  'reports',
  {
    id: text('id').primaryKey(),
    /** No foreign key (migration 0008): an admin's deletion of the listing keeps its reports. */
    productId: text('product_id').notNull(),
    reporterId: text('reporter_id'),
    reporterUid: text('reporter_uid').notNull().default(''),
    reporterName: text('reporter_name').notNull(),
    productName: text('product_name').notNull(),
    reason: text('reason').notNull(),
    /** The reporter's own words for the reason Other (migration 0011); null otherwise. */
    details: text('details'),
    /** Open until the admin hides (or deletes) the product or dismisses the report; product.md §9's flag is `hidden`. */
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ name: 'reports_reporter_id_fkey', columns: [table.reporterId], foreignColumns: [users.id] }).onDelete(
      'set null',
    ),
    check('reports_status_check', oneOf('status', REPORT_STATUSES)),
    uniqueIndex('reports_once_per_reporter_idx').on(table.productId, table.reporterId),
    index('reports_open_by_product_idx')
      .on(table.productId)
      .where(sql`status = 'open'::text`),
    index('reports_by_reporter_idx').on(table.reporterId, table.createdAt),
  ],
);

/** Payment intents of the local card sandbox, kept in the database so they survive a restart. */
export const sandboxIntents = pgTable(
  'sandbox_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull().unique('sandbox_payment_intents_client_secret_key'),
    idempotencyKey: text('idempotency_key').unique('sandbox_payment_intents_idempotency_key_key'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    bookingId: text('booking_id').notNull(),
    status: text('status', { enum: SANDBOX_INTENT_STATUSES }).notNull(),
    amountRefunded: integer('amount_refunded').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('sandbox_payment_intents_status_check', oneOf('status', SANDBOX_INTENT_STATUSES))],
);

/** Deleting a user is a ban: these emails never get an access token nor a user record again. */
export const bannedEmails = pgTable('banned_emails', {
  email: text('email').primaryKey(),
  bannedAt: timestamp('banned_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every admin action, written in the action's own transaction; names are copied so the log outlives its targets. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    actorName: text('actor_name').notNull(),
    targetType: text('target_type', { enum: AUDIT_TARGET_TYPES }).notNull(),
    targetId: text('target_id').notNull(),
    targetName: text('target_name').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('audit_log_action_check', oneOf('action', AUDIT_ACTIONS)),
    check('audit_log_target_type_check', oneOf('target_type', AUDIT_TARGET_TYPES)),
    index('audit_log_newest_idx').on(table.at.desc().nullsFirst(), table.seq.desc().nullsFirst()),
  ],
);

/** A charged payment given back because it could not be recorded (migration 0002), kept for audit. */
export const refunds = pgTable(
  'refunds',
  {
    id: text('id').primaryKey(),
    transactionId: text('transaction_id').notNull().unique('refunds_transaction_id_key'),
    gatewayRefundId: text('gateway_refund_id').notNull(),
    gatewayStatus: text('gateway_status').notNull(),
    bookingId: text('booking_id').notNull(),
    productId: text('product_id').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('refunds_reason_check', oneOf('reason', REFUND_REASONS))],
);

/** Images uploaded through the API (`/images/<name>`), for the per-day quota and the sweeper of unused ones. */
export const uploads = pgTable(
  'uploads',
  {
    name: text('name').primaryKey(),
    ownerId: text('owner_id'),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ name: 'uploads_owner_id_fkey', columns: [table.ownerId], foreignColumns: [users.id] }).onDelete(
      'set null',
    ),
    index('uploads_owner_recent_idx').on(table.ownerId, table.createdAt),
    index('uploads_age_idx').on(table.createdAt),
  ],
);

/**
 * Kept by the catalog triggers on `products` (db/definitions/catalog-triggers.sql), never written by the API: the
 * exact number of publicly visible listings, and a version bumped in the same transaction as every change to a
 * listing.
 */
export const catalogState = pgTable(
  'catalog_state',
  {
    singleton: boolean('singleton').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull(),
    /** Moves only when a list's members, order or counts may change, not on a sale or report (migration 0012). */
    shapeVersion: bigint('shape_version', { mode: 'number' }).notNull().default(0),
    visibleCount: bigint('visible_count', { mode: 'number' }).notNull(),
  },
  () => [
    check('catalog_state_singleton_check', sql`singleton`),
    check('catalog_state_visible_count_check', sql`visible_count >= 0`),
  ],
);

/**
 * Kept by the catalog triggers on `products` (db/definitions/catalog-triggers.sql), never written by the API: the
 * publicly visible listings counted per category, condition, verified flag and price (-1: a price that could not be
 * read), for the book list's filtered counts and facets.
 */
export const catalogFacets = pgTable(
  'catalog_facets',
  {
    categoryId: text('category_id').notNull(),
    condition: text('condition').notNull(),
    sellerVerified: boolean('seller_verified').notNull(),
    resalePriceCents: integer('resale_price_cents').notNull(),
    listings: bigint('listings', { mode: 'number' }).notNull(),
  },
  (table) => [
    // The triggers' upserts name these columns in their ON CONFLICT.
    primaryKey({
      name: 'catalog_facets_pkey',
      columns: [table.categoryId, table.condition, table.sellerVerified, table.resalePriceCents],
    }),
  ],
);

/** What a person is told (migration 0007), newest first; read once opened. */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ name: 'notifications_user_id_fkey', columns: [table.userId], foreignColumns: [users.id] }).onDelete(
      'cascade',
    ),
    check('notifications_kind_check', oneOf('kind', NOTIFICATION_KINDS)),
    index('notifications_user_idx').on(table.userId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
  ],
);

/** Emails waiting for the mail worker, written in the event's own transaction (migration 0007). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The screen it concerns, a path of the app: the worker prefixes APP_URL when it sends. */
    link: text('link').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when its last allowed try failed (migration 0018): a dead letter, never tried again, shown to admins. */
    deadAt: timestamp('dead_at', { withTimezone: true }),
    /** The address that unsubscribes the reader in one click, sent as List-Unsubscribe (migration 0023). */
    unsubscribeUrl: text('unsubscribe_url'),
  },
  (table) => [
    index('mail_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`delivered_at IS NULL AND dead_at IS NULL`),
    index('mail_outbox_dead_idx')
      .on(table.deadAt.desc().nullsFirst())
      .where(sql`dead_at IS NOT NULL`),
  ],
);

/** A message in a booking's thread (migration 0020): plain text from its buyer or its book's seller. */
export const bookingMessages = pgTable(
  'booking_messages',
  {
    id: text('id').primaryKey(),
    bookingId: text('booking_id').notNull(),
    authorId: text('author_id'),
    /** Copied when written, so the thread reads the same once the account is gone. */
    authorName: text('author_name').notNull(),
    /** As written, trimmed: never HTML, shown as text. */
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'booking_messages_booking_id_fkey',
      columns: [table.bookingId],
      foreignColumns: [bookings.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'booking_messages_author_id_fkey',
      columns: [table.authorId],
      foreignColumns: [users.id],
    }).onDelete('set null'),
    check('booking_messages_body_check', sql`(char_length(body) >= 1) AND (char_length(body) <= 2000)`),
    index('booking_messages_thread_idx').on(table.bookingId, table.createdAt, table.id),
    index('booking_messages_author_idx').on(table.authorId, table.createdAt),
  ],
);

/** Each party's place in a thread (migration 0020): unread messages, and the throttled email about them. */
export const bookingThreadReaders = pgTable(
  'booking_thread_readers',
  {
    bookingId: text('booking_id').notNull(),
    userId: text('user_id').notNull(),
    unread: integer('unread').notNull().default(0),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** The outbox row of the email not yet sent, which later messages update instead of writing another. */
    pendingMailId: text('pending_mail_id'),
    /** When the last email was due: the next one is not due before ten minutes later. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ name: 'booking_thread_readers_pkey', columns: [table.bookingId, table.userId] }),
    foreignKey({
      name: 'booking_thread_readers_booking_id_fkey',
      columns: [table.bookingId],
      foreignColumns: [bookings.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'booking_thread_readers_user_id_fkey',
      columns: [table.userId],
      foreignColumns: [users.id],
    }).onDelete('cascade'),
    check('booking_thread_readers_unread_check', sql`unread >= 0`),
    index('booking_thread_readers_unread_idx')
      .on(table.userId)
      .where(sql`unread > 0`),
  ],
);

/** A party's report of a message in their thread (migration 0020): from then on an admin may read the thread. */
export const bookingMessageReports = pgTable(
  'booking_message_reports',
  {
    id: text('id').primaryKey(),
    messageId: text('message_id').notNull(),
    bookingId: text('booking_id').notNull(),
    reporterId: text('reporter_id'),
    reporterName: text('reporter_name').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'booking_message_reports_message_id_fkey',
      columns: [table.messageId],
      foreignColumns: [bookingMessages.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'booking_message_reports_booking_id_fkey',
      columns: [table.bookingId],
      foreignColumns: [bookings.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'booking_message_reports_reporter_id_fkey',
      columns: [table.reporterId],
      foreignColumns: [users.id],
    }).onDelete('set null'),
    unique('booking_message_reports_message_id_reporter_id_key').on(table.messageId, table.reporterId),
    index('booking_message_reports_booking_idx').on(table.bookingId),
    index('booking_message_reports_newest_idx').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
  ],
);

/** A party's review of the other after a hand-over (migration 0022, decision 034). */
export const reviews = pgTable(
  'reviews',
  {
    id: text('id').primaryKey(),
    bookingId: text('booking_id').notNull(),
    authorParty: text('author_party', { enum: REVIEW_PARTIES }).notNull(),
    authorId: text('author_id'),
    /** Copied when written, so the review reads the same once the account is gone. */
    authorName: text('author_name').notNull(),
    /** The reviewed person: the seller for a buyer's review, the buyer for a seller's. */
    subjectId: text('subject_id'),
    stars: integer('stars').notNull(),
    /** As written, trimmed, possibly empty: never HTML, shown as text. */
    body: text('body').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by an admin: shown to no one, left out of the averages. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (table) => [
    foreignKey({ name: 'reviews_booking_id_fkey', columns: [table.bookingId], foreignColumns: [bookings.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'reviews_author_id_fkey', columns: [table.authorId], foreignColumns: [users.id] }).onDelete(
      'set null',
    ),
    foreignKey({ name: 'reviews_subject_id_fkey', columns: [table.subjectId], foreignColumns: [users.id] }).onDelete(
      'set null',
    ),
    check('reviews_author_party_check', oneOf('author_party', REVIEW_PARTIES)),
    check('reviews_stars_check', sql`(stars >= 1) AND (stars <= 5)`),
    check('reviews_body_check', sql`char_length(body) <= 1000`),
    unique('reviews_booking_id_author_party_key').on(table.bookingId, table.authorParty),
    index('reviews_subject_idx').on(
      table.subjectId,
      table.authorParty,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('reviews_author_idx').on(table.authorId, table.createdAt),
    index('reviews_newest_idx').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
  ],
);

/** The one reminder to review sent to a party of a hand-over (migration 0022): its row marks it sent. */
export const reviewReminders = pgTable(
  'review_reminders',
  {
    bookingId: text('booking_id').notNull(),
    party: text('party', { enum: REVIEW_PARTIES }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'review_reminders_pkey', columns: [table.bookingId, table.party] }),
    foreignKey({
      name: 'review_reminders_booking_id_fkey',
      columns: [table.bookingId],
      foreignColumns: [bookings.id],
    }).onDelete('cascade'),
    check('review_reminders_party_check', oneOf('party', REVIEW_PARTIES)),
  ],
);

/**
 * A person's saved search (migration 0023, decision 035): the book list's filters, once as the list's query
 * schema normalised them and once as columns that matching a new listing reads.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    query: jsonb('query').notNull(),
    queryKey: text('query_key').notNull(),
    /** Lower case, as the list compares it; empty for none. */
    searchTerm: text('search_term').notNull().default(''),
    /** What matching looks the search up by (`matchKeysOf` in saved-searches-repository.ts). */
    matchKeys: text('match_keys').array().notNull(),
    /** Empty for any. */
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'`),
    conditions: text('conditions')
      .array()
      .notNull()
      .default(sql`'{}'`),
    minPriceCents: integer('min_price_cents'),
    maxPriceCents: integer('max_price_cents'),
    verifiedOnly: boolean('verified_only').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ name: 'saved_searches_user_id_fkey', columns: [table.userId], foreignColumns: [users.id] }).onDelete(
      'cascade',
    ),
    unique('saved_searches_user_id_query_key_key').on(table.userId, table.queryKey),
    index('saved_searches_user_idx').on(table.userId, table.createdAt),
    index('saved_searches_match_idx').using('gin', table.matchKeys).with({ fastupdate: 'off' }),
  ],
);

/** New listings waiting for the alerts job (migration 0023). */
export const newListingAlerts = pgTable(
  'new_listing_alerts',
  {
    listingId: text('listing_id').primaryKey(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'new_listing_alerts_listing_id_fkey',
      columns: [table.listingId],
      foreignColumns: [products.id],
    }).onDelete('cascade'),
  ],
);

/** A listing found for a saved search, once (migration 0023); `sentAt` once a digest told of it. */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: text('saved_search_id').notNull(),
    listingId: text('listing_id').notNull(),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ name: 'saved_search_matches_pkey', columns: [table.savedSearchId, table.listingId] }),
    foreignKey({
      name: 'saved_search_matches_saved_search_id_fkey',
      columns: [table.savedSearchId],
      foreignColumns: [savedSearches.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'saved_search_matches_listing_id_fkey',
      columns: [table.listingId],
      foreignColumns: [products.id],
    }).onDelete('cascade'),
    index('saved_search_matches_unsent_idx')
      .on(table.savedSearchId)
      .where(sql`sent_at IS NULL`),
    index('saved_search_matches_listing_idx').on(table.listingId),
  ],
);

export const schema = {
  users,
  products,
  bookings,
  bookingDayCounts,
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
  bookingMessages,
  bookingThreadReaders,
  bookingMessageReports,
  reviews,
  reviewReminders,
  savedSearches,
  newListingAlerts,
  savedSearchMatches,
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
export type BookingMessageRow = typeof bookingMessages.$inferSelect;
export type BookingThreadReaderRow = typeof bookingThreadReaders.$inferSelect;
export type BookingMessageReportRow = typeof bookingMessageReports.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
export type SavedSearchRow = typeof savedSearches.$inferSelect;
