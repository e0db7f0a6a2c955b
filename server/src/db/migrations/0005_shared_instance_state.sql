-- Stateless instances: what several API instances on one PostgreSQL must share besides the data.
-- Both tables exist on PGlite too (one schema for both), where they stay empty: there images are files under
-- DATA_DIR and the rate-limit counters live in memory.

-- Images when DATABASE_URL is set: uploads (counted and swept through `uploads`) and the demo covers.
CREATE TABLE images (
  name text PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('image/jpeg', 'image/png', 'image/webp', 'image/gif')),
  owner_id text REFERENCES users (id) ON DELETE SET NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- The rate limiter's counters when DATABASE_URL is set: one row per route and caller, reset once its window ends.
CREATE TABLE rate_limit_counters (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  window_ends_at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX rate_limit_counters_window_idx ON rate_limit_counters (window_ends_at);
