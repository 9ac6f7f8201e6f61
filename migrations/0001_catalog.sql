-- The catalog: layouts (the exact file each puzzle was made under), batches
-- (one generate run each) and puzzles (deduplicated by canonical key).

CREATE TABLE layouts (
    id        INTEGER PRIMARY KEY,
    name      TEXT NOT NULL,           -- the layout id, e.g. 'classic-9'
    file_hash TEXT NOT NULL,           -- FNV-1a 64 of the file text, hex
    source    TEXT NOT NULL,           -- the file text itself, so validation uses the exact rules
    UNIQUE (name, file_hash)
) STRICT;

CREATE TABLE batches (
    id            INTEGER PRIMARY KEY,
    layout_id     INTEGER NOT NULL REFERENCES layouts(id),
    seed          INTEGER NOT NULL,    -- attempt i uses seed + i
    count_asked   INTEGER NOT NULL,
    difficulty    TEXT,                -- level asked, NULL = any
    symmetry      TEXT NOT NULL,
    next_attempt  INTEGER NOT NULL DEFAULT 0,  -- attempts below this are committed
    status        TEXT NOT NULL CHECK (status IN ('running', 'interrupted', 'done', 'exhausted', 'failed')),
    note          TEXT,
    started_at    TEXT NOT NULL,
    finished_at   TEXT
) STRICT;

CREATE TABLE puzzles (
    id                INTEGER PRIMARY KEY,
    layout_id         INTEGER NOT NULL REFERENCES layouts(id),
    layout_name       TEXT NOT NULL,
    givens            TEXT NOT NULL,
    solution          TEXT NOT NULL,
    canonical         TEXT NOT NULL,   -- minimal encoding over the layout's symmetries
    clues             INTEGER NOT NULL,
    score             INTEGER NOT NULL,
    level             TEXT NOT NULL,
    effort_nodes      INTEGER NOT NULL,
    seed              INTEGER NOT NULL,
    batch_id          INTEGER REFERENCES batches(id),
    generator_version TEXT NOT NULL,
    created_at        TEXT NOT NULL,
    UNIQUE (layout_name, canonical)
) STRICT;

CREATE INDEX puzzles_by_level ON puzzles (layout_name, level, score);
CREATE INDEX puzzles_by_batch ON puzzles (batch_id, level);
