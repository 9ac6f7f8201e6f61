-- Validation by the independent checker: the verdict, when, how long it took,
-- and a hash of what was checked, so a row changed afterwards is checked again.

ALTER TABLE puzzles ADD COLUMN validated_at TEXT;
ALTER TABLE puzzles ADD COLUMN validation TEXT CHECK (validation IN ('ok', 'failed'));
ALTER TABLE puzzles ADD COLUMN validation_detail TEXT;
ALTER TABLE puzzles ADD COLUMN validation_micros INTEGER;
ALTER TABLE puzzles ADD COLUMN validated_hash TEXT;

CREATE INDEX puzzles_by_validation ON puzzles (validation);
