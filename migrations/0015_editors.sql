-- Editors (issue 27, item 5): who made each book, and drafts that reserve
-- puzzles for a book in progress.
--
-- `books.made_by`: the editor who made the book (`--editor`, else
-- PUZZLEBOOK_EDITOR, else the operating-system user); NULL for books made
-- before this migration.
--
-- A draft is a named reservation: an editor (its owner), when it was made,
-- and when it expires (unix seconds). Until then its puzzles are left out
-- of every other curation (other editors' books and reservations, and the
-- owner's books made without `--draft`); the owner's `book --draft NAME`
-- takes its puzzles from it. Past its expiry a draft holds nothing: its
-- rows stay (listed as expired) until it is released, renewed or its name
-- is taken by another draft. A puzzle is in at most one live draft: drafts
-- are filled under the catalog's write lock.

ALTER TABLE books ADD COLUMN made_by TEXT;

CREATE TABLE drafts (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    editor      TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    expires_at  INTEGER NOT NULL     -- unix seconds
) STRICT;

CREATE TABLE draft_puzzles (
    draft_id   INTEGER NOT NULL REFERENCES drafts(id) ON DELETE CASCADE,
    puzzle_id  INTEGER NOT NULL REFERENCES puzzles(id),
    PRIMARY KEY (draft_id, puzzle_id)
) STRICT;

-- "Is this puzzle reserved?" for each puzzle curation looks at.
CREATE INDEX draft_puzzles_by_puzzle ON draft_puzzles (puzzle_id);

-- Curation reads a layout x level's validated puzzles lowest id first and
-- stops once it has enough: a range of this index, never the whole table.
CREATE INDEX puzzles_for_books ON puzzles (layout_name, level, validation, id);
