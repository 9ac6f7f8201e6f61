-- Puzzle families: 'cells' (the sudoku family) and 'loops' (Slitherlink).
-- A layout file says which (`shape = "loops"`); the column lets a query
-- tell the families apart without compiling layouts.

ALTER TABLE layouts ADD COLUMN family TEXT NOT NULL DEFAULT 'cells' CHECK (family IN ('cells', 'loops'));
UPDATE layouts SET family = 'loops' WHERE source LIKE '%shape = "loops"%';
