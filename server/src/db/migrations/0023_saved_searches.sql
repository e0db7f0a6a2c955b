-- Saved searches (decision 035): a signed-in person keeps the book list's filters and search, and is told once per
-- search of new listings that match, in a digest of up to ten books.
CREATE TABLE saved_searches (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The filters as the list's query schema normalised them (prices in cents, repeated values sorted).
  query jsonb NOT NULL,
  -- The same filters as one canonical text: one person saves a search once.
  query_key text NOT NULL,
  -- The filters again as columns, for matching a new listing in one indexed statement. Empty arrays mean any.
  search_term text NOT NULL DEFAULT '',
  -- What matching looks a search up by (decision 035): the term's first three characters (all of a shorter one),
  -- which a listing's text holds if it holds the term; without a term, '#' and each category; else ''.
  match_keys text[] NOT NULL,
  categories text[] NOT NULL DEFAULT '{}',
  conditions text[] NOT NULL DEFAULT '{}',
  min_price_cents integer,
  max_price_cents integer,
  verified_only boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, query_key)
);
--> statement-breakpoint
CREATE INDEX saved_searches_user_idx ON saved_searches (user_id, created_at);
--> statement-breakpoint
-- Without GIN's pending list: saves are rare and every new listing reads the index, which must not scan a list of
-- entries not yet merged.
CREATE INDEX saved_searches_match_idx ON saved_searches USING gin (match_keys) WITH (fastupdate = off);
--> statement-breakpoint
-- New listings waiting to be matched, written with the listing; the alerts job takes and deletes them.
CREATE TABLE new_listing_alerts (
  listing_id text PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
  queued_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- Each (search, listing) pair found once: the primary key is what makes a listing reach a search at most once.
CREATE TABLE saved_search_matches (
  saved_search_id text NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
  listing_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  matched_at timestamptz NOT NULL DEFAULT now(),
  -- Set when the digest that tells of it is written (or it was left out of one).
  sent_at timestamptz,
  PRIMARY KEY (saved_search_id, listing_id)
);
--> statement-breakpoint
CREATE INDEX saved_search_matches_unsent_idx ON saved_search_matches (saved_search_id) WHERE sent_at IS NULL;
--> statement-breakpoint
CREATE INDEX saved_search_matches_listing_idx ON saved_search_matches (listing_id);
--> statement-breakpoint
-- An email may name the address that unsubscribes its reader in one click (the List-Unsubscribe header).
ALTER TABLE mail_outbox ADD COLUMN unsubscribe_url text;
--> statement-breakpoint
-- A saved search's digest is a notification too, as NOTIFICATION_KINDS in shared/src/schemas/notification.ts lists it.
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
--> statement-breakpoint
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
  CHECK (kind IN ('new-booking', 'booking-cancelled', 'booking-declined', 'sold-to-another-buyer', 'payment-receipt',
    'listing-hidden', 'listing-deleted', 'booking-paid', 'handed-over', 'review-invite', 'review-reminder',
    'saved-search-match'));
