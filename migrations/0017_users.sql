-- The studio: its people, who may read (viewer), make drafts, books and
-- batches (editor) or also manage people (admin). A token is shown once,
-- when the user is made; only its SHA-256 (hex) is kept.

CREATE TABLE users (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    role        TEXT NOT NULL CHECK (role IN ('viewer', 'editor', 'admin')),
    token_hash  TEXT NOT NULL UNIQUE,
    created_at  TEXT NOT NULL
) STRICT;

-- The studio's catalog page sorts by SE rating (unrated as -1) and pages
-- on from the last row's rating and id: this index answers both.
CREATE INDEX puzzles_by_rating ON puzzles (COALESCE(se_rating, -1.0), id);
