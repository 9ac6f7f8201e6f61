-- Ten million puzzles (issue 27, item 7).
--
-- A verdict is current only while `validated_hash` is set. Any change to
-- what a verdict covers (the layout, givens, solution, key, clues, score, level, grade)
-- or to the verdict itself (`UPDATE puzzles SET validation = 'ok'` by
-- hand) that does not also write a new hash clears it, so the row counts
-- as unchecked in SQL alone. (A new verdict or grade always comes with a
-- new hash: the hash covers them.)
-- (`validate`, books, `show` and `export` still compare the hash itself.)
--
-- `puzzle_counts`: how many puzzles per layout × level × verdict state
-- ('ok' and 'failed': a current verdict; 'unchecked': none, or not
-- current), kept by triggers, so `stats` reads a few rows instead of
-- counting ten million.
--
-- `verdict_audit`: one row while the hashes recorded before this
-- migration have not yet been compared with their rows (SQL cannot compute
-- them); the program compares them the first time it opens the catalog to
-- write, clears those that no longer match, and empties the table.

CREATE TRIGGER puzzles_verdict_stale AFTER UPDATE ON puzzles
WHEN NEW.validated_hash IS NOT NULL AND NEW.validated_hash IS OLD.validated_hash
 AND (NEW.layout_id IS NOT OLD.layout_id OR NEW.layout_name IS NOT OLD.layout_name OR NEW.givens IS NOT OLD.givens
      OR NEW.solution IS NOT OLD.solution OR NEW.canonical IS NOT OLD.canonical OR NEW.clues IS NOT OLD.clues
      OR NEW.score IS NOT OLD.score OR NEW.level IS NOT OLD.level OR NEW.se_rating IS NOT OLD.se_rating
      OR NEW.technique IS NOT OLD.technique OR NEW.technique_level IS NOT OLD.technique_level
      OR NEW.validation IS NOT OLD.validation)
BEGIN
    UPDATE puzzles SET validated_hash = NULL WHERE id = NEW.id;
END;

CREATE TRIGGER layouts_verdict_stale AFTER UPDATE OF name, source ON layouts
WHEN NEW.name IS NOT OLD.name OR NEW.source IS NOT OLD.source
BEGIN
    UPDATE puzzles SET validated_hash = NULL WHERE layout_id = NEW.id AND validated_hash IS NOT NULL;
END;

CREATE TABLE puzzle_counts (
    layout_name TEXT NOT NULL,
    level       TEXT NOT NULL,
    state       TEXT NOT NULL CHECK (state IN ('ok', 'failed', 'unchecked')),
    n           INTEGER NOT NULL,
    PRIMARY KEY (layout_name, level, state)
) STRICT, WITHOUT ROWID;

INSERT INTO puzzle_counts (layout_name, level, state, n)
SELECT layout_name, level, CASE WHEN validated_hash IS NULL OR validation IS NULL THEN 'unchecked' ELSE validation END, count(*)
FROM puzzles GROUP BY 1, 2, 3;

CREATE TRIGGER puzzles_count_insert AFTER INSERT ON puzzles
BEGIN
    INSERT INTO puzzle_counts (layout_name, level, state, n)
    VALUES (NEW.layout_name, NEW.level,
            CASE WHEN NEW.validated_hash IS NULL OR NEW.validation IS NULL THEN 'unchecked' ELSE NEW.validation END, 1)
    ON CONFLICT (layout_name, level, state) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER puzzles_count_delete AFTER DELETE ON puzzles
BEGIN
    UPDATE puzzle_counts SET n = n - 1
    WHERE layout_name = OLD.layout_name AND level = OLD.level
      AND state = CASE WHEN OLD.validated_hash IS NULL OR OLD.validation IS NULL THEN 'unchecked' ELSE OLD.validation END;
END;

CREATE TRIGGER puzzles_count_update AFTER UPDATE OF layout_name, level, validation, validated_hash ON puzzles
WHEN NEW.layout_name IS NOT OLD.layout_name OR NEW.level IS NOT OLD.level
  OR (CASE WHEN NEW.validated_hash IS NULL OR NEW.validation IS NULL THEN 'unchecked' ELSE NEW.validation END)
     IS NOT (CASE WHEN OLD.validated_hash IS NULL OR OLD.validation IS NULL THEN 'unchecked' ELSE OLD.validation END)
BEGIN
    UPDATE puzzle_counts SET n = n - 1
    WHERE layout_name = OLD.layout_name AND level = OLD.level
      AND state = CASE WHEN OLD.validated_hash IS NULL OR OLD.validation IS NULL THEN 'unchecked' ELSE OLD.validation END;
    INSERT INTO puzzle_counts (layout_name, level, state, n)
    VALUES (NEW.layout_name, NEW.level,
            CASE WHEN NEW.validated_hash IS NULL OR NEW.validation IS NULL THEN 'unchecked' ELSE NEW.validation END, 1)
    ON CONFLICT (layout_name, level, state) DO UPDATE SET n = n + 1;
END;

CREATE TABLE verdict_audit (pending INTEGER NOT NULL) STRICT;
INSERT INTO verdict_audit (pending) SELECT 1 WHERE EXISTS (SELECT 1 FROM puzzles WHERE validated_hash IS NOT NULL);

-- Fewer writes (measured in docs/catalog-scale.md): no statement looks
-- puzzles up by technique level (since 0007 `level` holds it), and none by
-- score: books find puzzles by layout and level in id order. The score in
-- the old index scattered each chunk's inserts over hundreds of its pages;
-- by layout and level they land at the end of a few.
DROP INDEX IF EXISTS puzzles_by_technique_level;
DROP INDEX IF EXISTS puzzles_by_level;
-- Lookups by layout and level use 0015's `puzzles_for_books (layout_name,
-- level, validation, id)`: a second index on its prefix would only add writes.
