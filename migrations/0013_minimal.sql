-- What the generator knows of each puzzle beyond its givens:
-- `minimal` 1 when no group of givens it erased together (a cell and its
-- images under the puzzle's symmetry; one cell without symmetry) can go
-- without a second solution, 0 when one can, NULL when unknown (rows made
-- before this migration, imported rows, killer puzzles, whose cages are
-- thinned rather than their givens); `symmetry` the symmetry its givens
-- keep (the one drawn under `--symmetry any`), NULL when unknown.

ALTER TABLE puzzles ADD COLUMN minimal INTEGER CHECK (minimal IN (0, 1));
ALTER TABLE puzzles ADD COLUMN symmetry TEXT;
