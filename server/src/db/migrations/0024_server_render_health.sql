-- How the shell's server answered the public pages browsers landed on (decision 037), counted per release like the
-- page loads: rendered by the storefront's release, or the browser's page because the render failed or missed its
-- budget. A failed render counts in the release's error rate, so an automatic canary rolls back a release whose
-- server render breaks.
ALTER TABLE release_health_minutes
  ADD COLUMN server_renders integer NOT NULL DEFAULT 0,
  ADD COLUMN server_render_failures integer NOT NULL DEFAULT 0,
  ADD COLUMN server_renders_over_budget integer NOT NULL DEFAULT 0;
