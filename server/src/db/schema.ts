import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The database's own column names. SPEC's wire names (`Year_of_use`, `addADS`, `category_id` holding
 * a product id on bookings...) are produced in one place only: `wire.ts`.
 * Indexes, constraints and extensions live in the versioned SQL migrations beside this file.
 */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  role: text('role', { enum: ['buyer', 'seller', 'admin'] }).notNull(),
  verified: boolean('verified').notNull().default(false),
  firebaseUid: text('firebase_uid'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const products = pgTable('products', {
  id: text('id').primaryKey(),
  /** Null once the seller's account is deleted: such listings leave every public list. */
  sellerId: text('seller_id').references(() => users.id, { onDelete: 'set null' }),
  sellerName: text('seller_name').notNull(),
  sellerEmail: text('seller_email').notNull(),
  sellerVerified: boolean('seller_verified').notNull().default(false),
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
});

export const bookings = pgTable('bookings', {
  id: text('id').primaryKey(),
  /** No foreign key: a booking keeps its copied name, image and price when the listing goes. */
  productId: text('product_id').notNull(),
  buyerId: text('buyer_id').references(() => users.id, { onDelete: 'set null' }),
  buyerEmail: text('buyer_email').notNull(),
  buyerName: text('buyer_name').notNull(),
  buyerUid: text('buyer_uid').notNull().default(''),
  title: text('title').notNull(),
  imageUrl: text('image_url').notNull(),
  categoryName: text('category_name').notNull(),
  price: text('price').notNull(),
  priceCents: integer('price_cents').notNull(),
  phone: text('phone').notNull(),
  meetingLocation: text('meeting_location').notNull(),
  bookedAtText: text('booked_at_text').notNull(),
  paid: boolean('paid').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const payments = pgTable('payments', {
  id: text('id').primaryKey(),
  bookingId: text('booking_id')
    .notNull()
    .references(() => bookings.id),
  transactionId: text('transaction_id').notNull().unique(),
  price: text('price').notNull(),
  amountCents: integer('amount_cents').notNull(),
  buyerEmail: text('buyer_email').notNull(),
  productId: text('product_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const reports = pgTable('reports', {
  id: text('id').primaryKey(),
  productId: text('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  reporterId: text('reporter_id').references(() => users.id, { onDelete: 'set null' }),
  reporterUid: text('reporter_uid').notNull().default(''),
  reporterName: text('reporter_name').notNull(),
  productName: text('product_name').notNull(),
  reason: text('reason').notNull(),
  /** The report record's boolean flag of SPEC 9: true once the admin hid the product. */
  resolved: boolean('resolved').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Payment intents of the local card sandbox, kept in the database so they survive a restart. */
export const sandboxIntents = pgTable('sandbox_payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull().unique(),
  idempotencyKey: text('idempotency_key').unique(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  bookingId: text('booking_id').notNull(),
  status: text('status', { enum: ['requires_payment_method', 'succeeded'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const schema = { users, products, bookings, payments, reports, sandboxIntents };
export type UserRow = typeof users.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;
