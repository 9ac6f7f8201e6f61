-- The unchecked puzzles' ids, in order (see postgres/0021_unchecked.sql:
-- PostgreSQL's catalog page needs it). Made on SQLite too, so both
-- backends hold the same indexes; SQLite's catalog page keeps reading
-- `puzzles_by_validation (validation)`, which ends on the rowid, the id,
-- and so gives the unchecked in id order already (src/store/browse.rs).
CREATE INDEX puzzles_unchecked ON puzzles (id) WHERE validation IS NULL;
