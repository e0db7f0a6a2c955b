-- Release health that one address cannot steer (decision 042). A page load counts only for a page-load ticket the
-- shell's server signed into the page it sent, once per unit, on every instance: the first report of the load
-- inserts its row (the primary key makes it single-use), and its one error or server render marks the row. Rows hold
-- the release facts of the load and no visitor, and go once the ticket has expired (services/release-health.ts).
-- Keyed by expiry first (a ticket's expiry follows from the ticket, so a replay has the same key): the one index takes
-- each insert at its right-hand edge instead of at a random page, and the sweep deletes a range of it.
CREATE TABLE page_load_tickets (
  ticket text NOT NULL,
  unit text NOT NULL,
  version text NOT NULL,
  channel text NOT NULL,
  route text NOT NULL,
  -- Its one failure (a failed load, a caught error or a failed server render) is counted.
  failed boolean NOT NULL,
  -- How the shell's server answered its page is counted.
  rendered boolean NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (expires_at, ticket, unit)
);
--> statement-breakpoint
-- What each client address added to a unit in one window (its rollout step, or the hour): page loads and errors
-- claimed, so that one address adds at most so many. The address is kept as a keyed hash, and only for the window.
CREATE TABLE release_health_address_counts (
  unit text NOT NULL,
  window_start timestamptz NOT NULL,
  address text NOT NULL,
  page_loads integer NOT NULL DEFAULT 0,
  errors integer NOT NULL DEFAULT 0,
  PRIMARY KEY (unit, window_start, address)
);
