-- PostgreSQL twin of ../0002_validation.sql.

ALTER TABLE puzzles ADD COLUMN validated_at TEXT COLLATE "C";
ALTER TABLE puzzles ADD COLUMN validation TEXT COLLATE "C" CHECK (validation IN ('ok', 'failed'));
ALTER TABLE puzzles ADD COLUMN validation_detail TEXT COLLATE "C";
ALTER TABLE puzzles ADD COLUMN validation_micros BIGINT;
ALTER TABLE puzzles ADD COLUMN validated_hash TEXT COLLATE "C";

CREATE INDEX puzzles_by_validation ON puzzles (validation);
