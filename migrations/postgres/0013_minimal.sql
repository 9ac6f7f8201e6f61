-- PostgreSQL twin of ../0013_minimal.sql (minimal stays an integer 0/1, as
-- on SQLite, so both read it alike).

ALTER TABLE puzzles ADD COLUMN minimal BIGINT CHECK (minimal IN (0, 1));
ALTER TABLE puzzles ADD COLUMN symmetry TEXT COLLATE "C";
