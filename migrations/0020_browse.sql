-- The studio's catalog page (src/store/browse.rs) at millions of puzzles:
-- each filter reads a range of an index that starts with it, so a
-- filtered page never reads the whole table. Each index ends on the id
-- (and the rating's where that sort is the common one), so the page's
-- keyset continues inside the range. Measured in docs/studio.md.
--
-- Layout: `puzzles_for_books (layout_name, level, validation, id)` (0015).
-- Unchecked: `puzzles_by_validation` (0002). Printed and reserved start
-- from the small book and draft tables. Batch and pattern: this one
-- (0001's `puzzles_by_batch (batch_id, level)` keeps its work).
CREATE INDEX puzzles_by_batch_id ON puzzles (batch_id, id);
CREATE INDEX puzzles_by_level_id ON puzzles (level, id);
CREATE INDEX puzzles_by_level_rating ON puzzles (level, COALESCE(se_rating, -1.0), id);
CREATE INDEX puzzles_by_technique ON puzzles (technique, COALESCE(se_rating, -1.0), id);
CREATE INDEX puzzles_by_symmetry ON puzzles (symmetry, id);
CREATE INDEX puzzles_by_clues ON puzzles (clues, id);
-- Imported puzzles are few: a partial index holds only them.
CREATE INDEX puzzles_imported ON puzzles (id) WHERE source <> 'generated';
