-- PostgreSQL twin of ../0009_source.sql.

ALTER TABLE puzzles ADD COLUMN source TEXT COLLATE "C" NOT NULL DEFAULT 'generated';
