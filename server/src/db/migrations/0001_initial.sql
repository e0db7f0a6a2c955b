-- Bookswap's first schema. Statements are separated by statement-breakpoint markers so the one migrator
-- can run them one by one through Drizzle on PGlite and on PostgreSQL alike.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE users (
  id text PRIMARY KEY,
  email text NOT NULL UNIQUE,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('buyer', 'seller', 'admin')),
  verified boolean NOT NULL DEFAULT false,
  firebase_uid text,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX users_role_idx ON users (role, created_at);
--> statement-breakpoint
CREATE TABLE products (
  id text PRIMARY KEY,
  seller_id text REFERENCES users (id) ON DELETE SET NULL,
  seller_name text NOT NULL,
  seller_email text NOT NULL,
  seller_verified boolean NOT NULL DEFAULT false,
  title text NOT NULL,
  author text NOT NULL,
  category_id text NOT NULL,
  category_name text NOT NULL,
  description text NOT NULL DEFAULT '',
  original_price text NOT NULL,
  resale_price text NOT NULL,
  years_of_use text NOT NULL,
  condition text NOT NULL,
  image_url text NOT NULL,
  phone text NOT NULL DEFAULT '',
  pickup_location text NOT NULL,
  sold boolean NOT NULL DEFAULT false,
  advertised boolean NOT NULL DEFAULT false,
  reported boolean NOT NULL DEFAULT false,
  hidden boolean NOT NULL DEFAULT false,
  listed_at timestamptz NOT NULL DEFAULT now(),
  search_text text GENERATED ALWAYS AS (lower(title || ' ' || author)) STORED
);
--> statement-breakpoint
CREATE INDEX products_public_order_idx ON products (listed_at DESC, id DESC) WHERE NOT hidden AND seller_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX products_category_idx ON products (category_id, listed_at DESC);
--> statement-breakpoint
CREATE INDEX products_seller_idx ON products (seller_id);
--> statement-breakpoint
CREATE INDEX products_ads_idx ON products (listed_at DESC) WHERE advertised AND NOT sold AND NOT hidden;
--> statement-breakpoint
CREATE INDEX products_search_trgm_idx ON products USING gin (search_text gin_trgm_ops);
--> statement-breakpoint
CREATE TABLE bookings (
  id text PRIMARY KEY,
  product_id text NOT NULL,
  buyer_id text REFERENCES users (id) ON DELETE SET NULL,
  buyer_email text NOT NULL,
  buyer_name text NOT NULL,
  buyer_uid text NOT NULL DEFAULT '',
  title text NOT NULL,
  image_url text NOT NULL,
  category_name text NOT NULL,
  price text NOT NULL,
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  phone text NOT NULL,
  meeting_location text NOT NULL,
  booked_at_text text NOT NULL,
  paid boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX bookings_buyer_idx ON bookings (buyer_email, created_at);
--> statement-breakpoint
CREATE INDEX bookings_product_idx ON bookings (product_id);
--> statement-breakpoint
CREATE TABLE payments (
  id text PRIMARY KEY,
  booking_id text NOT NULL REFERENCES bookings (id),
  transaction_id text NOT NULL UNIQUE,
  price text NOT NULL,
  amount_cents integer NOT NULL,
  buyer_email text NOT NULL,
  product_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX payments_one_per_booking_idx ON payments (booking_id);
--> statement-breakpoint
CREATE TABLE reports (
  id text PRIMARY KEY,
  product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  reporter_id text REFERENCES users (id) ON DELETE SET NULL,
  reporter_uid text NOT NULL DEFAULT '',
  reporter_name text NOT NULL,
  product_name text NOT NULL,
  reason text NOT NULL,
  resolved boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX reports_once_per_reporter_idx ON reports (product_id, reporter_id);
--> statement-breakpoint
CREATE TABLE sandbox_payment_intents (
  id text PRIMARY KEY,
  client_secret text NOT NULL UNIQUE,
  idempotency_key text UNIQUE,
  amount_cents integer NOT NULL,
  currency text NOT NULL,
  booking_id text NOT NULL,
  status text NOT NULL CHECK (status IN ('requires_payment_method', 'succeeded')),
  created_at timestamptz NOT NULL DEFAULT now()
);
