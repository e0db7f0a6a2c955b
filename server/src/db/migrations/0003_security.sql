-- Security: uploads counted per seller and removed when nothing uses them, and where an admin's
-- role came from, so that leaving ADMIN_EMAILS demotes again.

-- Every image uploaded through the API: the per-day quota counts these, the sweeper removes unused ones.
CREATE TABLE uploads (
  name text PRIMARY KEY,
  owner_id text REFERENCES users (id) ON DELETE SET NULL,
  bytes integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX uploads_owner_recent_idx ON uploads (owner_id, created_at);
--> statement-breakpoint
CREATE INDEX uploads_age_idx ON uploads (created_at);
--> statement-breakpoint
-- `config` (ADMIN_EMAILS), `command` (the admin grant command) or null (the demo seed, or older grants).
ALTER TABLE users ADD COLUMN admin_source text CHECK (admin_source IN ('config', 'command'));
