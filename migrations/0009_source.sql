-- Provenance: where each puzzle came from. Generated rows say 'generated'
-- (every row before this migration was generated); `import` stores the
-- name given with --source, or the file's name.

ALTER TABLE puzzles ADD COLUMN source TEXT NOT NULL DEFAULT 'generated';
