-- A second counter beside the catalog version (migration 0004): `shape_version` moves only when a change can alter
-- which listings a public list holds, in what order, or what they are counted under: an insert, a delete, or an
-- update of any column other than the flags a sale or a report sets (`sold`, `advertised`, `reported`). The API
-- keeps the ids of search matches, pages and facet counts under it, so a sale (dozens a second on a busy day) no
-- longer throws away every search: the pages' rows, which do show those flags, stay cached under `version`.
--
-- The triggers that move it were declared here at first; they are now a definition, applied after the
-- migrations (db/definitions/catalog-triggers.sql, decision 027).
ALTER TABLE catalog_state ADD COLUMN shape_version bigint NOT NULL DEFAULT 0;
