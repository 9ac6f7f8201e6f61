-- The dedupe index made compact (issue 27, item 7: bytes written while
-- generating; measured in docs/catalog-scale.md), and the puzzles a
-- worker has made but not yet committed (so progress moves between
-- commits; docs/catalog-batches.md).
--
-- `key`: the first 16 bytes of SHA-256 of the layout's name, a newline
-- and the canonical key, computed by the program (`store::puzzle_key`) and
-- stored with each puzzle. The unique index on it replaces
-- `UNIQUE (layout_name, canonical)`: its entries are 16 bytes instead of
-- ~90, so a commit, whose puzzles land at random places of this index,
-- touches far fewer of its pages. A puzzle is a duplicate exactly when its
-- layout and canonical key are those of a stored one: two different ones
-- sharing 128 bits of SHA-256 do not happen, and the insert checks every
-- puzzle it skips against the stored text and refuses a mismatch.
--
-- The key is a plain column, so the `sqlite3` shell (which has no
-- function of the program) reads, checks (`PRAGMA integrity_check`) and
-- writes the catalog. A row written without its key (by hand) is
-- checked against the stored puzzles by the trigger below (a scan: fine
-- for a row by hand) and gets its key from the program before its next
-- insert; changing a row's layout name or canonical key by hand clears
-- its key the same way.
--
-- SQLite cannot drop a table's UNIQUE constraint: before this file runs,
-- the program rebuilds `puzzles` without it and with `key` filled, keeping
-- every row, id, index and trigger (`store::rebuild_puzzles_without_unique`).

CREATE UNIQUE INDEX puzzles_by_key ON puzzles (key);

CREATE TRIGGER puzzles_keyless_insert BEFORE INSERT ON puzzles WHEN NEW.key IS NULL
BEGIN
    SELECT RAISE(ABORT, 'UNIQUE constraint failed: puzzles.layout_name, puzzles.canonical')
    WHERE EXISTS (SELECT 1 FROM puzzles WHERE layout_name = NEW.layout_name AND canonical = NEW.canonical);
END;

CREATE TRIGGER puzzles_key_stale AFTER UPDATE OF layout_name, canonical ON puzzles
WHEN NEW.key IS OLD.key AND (NEW.layout_name IS NOT OLD.layout_name OR NEW.canonical IS NOT OLD.canonical)
BEGIN
    SELECT RAISE(ABORT, 'UNIQUE constraint failed: puzzles.layout_name, puzzles.canonical')
    WHERE EXISTS (SELECT 1 FROM puzzles WHERE layout_name = NEW.layout_name AND canonical = NEW.canonical AND id <> NEW.id);
    UPDATE puzzles SET key = NULL WHERE id = NEW.id;
END;

-- Puzzles made in a range and not yet committed, renewed with its
-- heartbeat (NULL: none reported yet).
ALTER TABLE batch_ranges ADD COLUMN made INTEGER;
