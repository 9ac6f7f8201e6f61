-- Books: what was printed, with which settings, and which puzzles in which
-- order, so a book can be printed again identically and no puzzle is
-- printed twice by accident.

CREATE TABLE books (
    id          INTEGER PRIMARY KEY,
    title       TEXT NOT NULL,
    settings    TEXT NOT NULL,      -- the book's settings as TOML
    created_at  TEXT NOT NULL,      -- also the PDF's creation date
    pdf_path    TEXT NOT NULL,
    pages       INTEGER NOT NULL,
    pdf_hash    TEXT NOT NULL       -- FNV-1a 64 of the PDF bytes, hex
) STRICT;

CREATE TABLE book_puzzles (
    book_id    INTEGER NOT NULL REFERENCES books(id),
    number     INTEGER NOT NULL,    -- the puzzle's number in the book, from 1
    puzzle_id  INTEGER NOT NULL REFERENCES puzzles(id),
    PRIMARY KEY (book_id, number)
) STRICT;

CREATE INDEX book_puzzles_by_puzzle ON book_puzzles (puzzle_id);
