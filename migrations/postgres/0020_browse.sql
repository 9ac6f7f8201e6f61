-- PostgreSQL twin of ../0020_browse.sql: the catalog page's indexes.
CREATE INDEX puzzles_by_batch_id ON puzzles (batch_id, id);
CREATE INDEX puzzles_by_level_id ON puzzles (level, id);
CREATE INDEX puzzles_by_level_rating ON puzzles (level, (COALESCE(se_rating, -1.0)), id);
CREATE INDEX puzzles_by_technique ON puzzles (technique, (COALESCE(se_rating, -1.0)), id);
CREATE INDEX puzzles_by_symmetry ON puzzles (symmetry, id);
CREATE INDEX puzzles_by_clues ON puzzles (clues, id);
CREATE INDEX puzzles_imported ON puzzles (id) WHERE source <> 'generated';
