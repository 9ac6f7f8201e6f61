-- Slitherlink canonical keys were computed as if the board were a sudoku
-- grid: a 0 clue counted as an empty cell and clue values could be
-- relabelled, so distinct puzzles shared a key. The new key keeps every
-- clue as it is and takes the least text over the board's symmetries.
-- SQL cannot compute it: the puzzles to re-key are listed here and the
-- program re-keys them (family::open_catalog) the first time it opens the
-- catalog, then empties the list.

CREATE TABLE rekey (puzzle_id INTEGER PRIMARY KEY REFERENCES puzzles(id)) STRICT;
INSERT INTO rekey SELECT p.id FROM puzzles p JOIN layouts l ON l.id = p.layout_id WHERE l.family = 'loops';
