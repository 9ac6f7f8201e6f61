-- The human-technique grade (src/grade): the Sudoku Explainer-scale rating,
-- the hardest technique, and the level it names. Filled when a batch asks
-- for a difficulty, and by `validate` for every puzzle it checks; books use
-- this level when present, the candidate-score level otherwise.

ALTER TABLE puzzles ADD COLUMN se_rating REAL;
ALTER TABLE puzzles ADD COLUMN technique TEXT;
ALTER TABLE puzzles ADD COLUMN technique_level TEXT;

CREATE INDEX puzzles_by_technique_level ON puzzles (layout_name, technique_level);
