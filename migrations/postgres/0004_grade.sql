-- PostgreSQL twin of ../0004_grade.sql (SQLite's REAL is a double).

ALTER TABLE puzzles ADD COLUMN se_rating DOUBLE PRECISION;
ALTER TABLE puzzles ADD COLUMN technique TEXT COLLATE "C";
ALTER TABLE puzzles ADD COLUMN technique_level TEXT COLLATE "C";

CREATE INDEX puzzles_by_technique_level ON puzzles (layout_name, technique_level);
