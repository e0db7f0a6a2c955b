-- The release registry in PostgreSQL (docs/decisions/020): one row per release unit with what is live, its canary
-- and its automatic rollout, and the history of every change. A command locks every unit's row (SELECT ... FOR
-- UPDATE, in unit order) for its one transaction, so two commands at once both apply, one after the other.
CREATE TABLE release_registry (
  unit text PRIMARY KEY,
  live text,
  canary jsonb,
  rollout jsonb,
  changed_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
INSERT INTO release_registry (unit) VALUES ('shell'), ('storefront'), ('seller'), ('admin'), ('checkout');
--> statement-breakpoint
CREATE TABLE release_history (
  id bigserial PRIMARY KEY,
  unit text NOT NULL REFERENCES release_registry (unit),
  at timestamptz NOT NULL,
  action text NOT NULL CHECK (action IN ('promote', 'canary', 'rollback', 'canary-rollback')),
  from_version text,
  to_version text,
  -- The whole entry as the file registry keeps it (command, who, reason, figures, set).
  entry jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX release_history_unit ON release_history (unit, id);
