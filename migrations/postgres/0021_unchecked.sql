-- The studio's "unchecked" filter in id order (src/store/browse.rs) on
-- PostgreSQL: `validate` checks the oldest puzzles first, so the unchecked
-- ones come after a long run of checked ids, and the planner, which counts
-- on matches spread evenly, walked the primary key through all of them
-- (1.4 million rows, 1.5 s, at ten million with 14% checked). This index
-- holds the unchecked ids only, in order: the page reads its first rows.
-- Validating a puzzle takes it out.
CREATE INDEX puzzles_unchecked ON puzzles (id) WHERE validation IS NULL;
