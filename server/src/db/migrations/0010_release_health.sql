-- Release health (decision 025): what browsers report about each remote release, as counters per minute, release and
-- route (never a row per report: 5,000 reports a second become a few upserts a second, and nothing about a visitor
-- is kept). Vitals are fixed histograms (VITAL_BUCKET_BOUNDS in shared/src/schemas/telemetry.ts, 11 buckets), so
-- p75 can be read from any sum of rows. Rows older than 400 days are swept (services/release-health.ts).
CREATE TABLE release_health_minutes (
  minute timestamptz NOT NULL,
  remote text NOT NULL,
  version text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('live', 'canary')),
  route text NOT NULL,
  page_loads integer NOT NULL DEFAULT 0,
  manifest_failures integer NOT NULL DEFAULT 0,
  entry_failures integer NOT NULL DEFAULT 0,
  module_failures integer NOT NULL DEFAULT 0,
  contract_failures integer NOT NULL DEFAULT 0,
  errors_caught integer NOT NULL DEFAULT 0,
  lcp_buckets integer[] NOT NULL,
  inp_buckets integer[] NOT NULL,
  cls_buckets integer[] NOT NULL,
  PRIMARY KEY (minute, remote, version, channel, route)
);
--> statement-breakpoint
-- A release's figures over a period (decision 026) read by remote and version.
CREATE INDEX release_health_by_release_idx ON release_health_minutes (remote, version, minute);
