-- The originality guard: public collections loaded as canonical keys only
-- (`reference add`). A book leaves out every puzzle whose layout and key
-- a reference set holds.

CREATE TABLE reference_sets (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    layout_name TEXT NOT NULL,     -- keys are canonical under this layout's symmetries
    file        TEXT NOT NULL,     -- the file it was loaded from
    puzzles     INTEGER NOT NULL,  -- puzzles read (distinct keys are counted from reference_keys)
    added_at    TEXT NOT NULL
) STRICT;

CREATE TABLE reference_keys (
    set_id    INTEGER NOT NULL REFERENCES reference_sets(id) ON DELETE CASCADE,
    canonical TEXT NOT NULL,
    PRIMARY KEY (set_id, canonical)
) STRICT, WITHOUT ROWID;

CREATE INDEX reference_keys_by_key ON reference_keys (canonical);
